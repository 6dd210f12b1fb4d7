/**
 * Reading a hosted page's form fields, with no dependency on the app (test/support/hosted-pages.ts
 * drives the app in-process; bench/oidc.ts drives a service process over loopback).
 */

/** The value of the form field `name` in a page. */
export function fieldOf(html: string, name: string): string {
  const tag = new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0];
  const v = tag && /value="([^"]*)"/.exec(tag)?.[1];
  if (v === undefined || v === null) throw new Error(`no field ${name} in the page`);
  return v.replace(/&amp;/g, "&");
}
