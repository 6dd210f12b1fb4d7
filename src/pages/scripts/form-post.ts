/**
 * The form_post answer's script (OAuth 2.0 Form Post Response Mode §2: the page "auto-submits"),
 * served under /pages/assets with a content hash, so the page needs no inline script. A classic
 * `defer` script (scripts.ts), not a module: every browser that runs scripts runs it, including
 * those without module support (the OpenID conformance suite's HtmlUnit). It submits the page's one
 * response form once the document is parsed, waiting for DOMContentLoaded where `defer` is not
 * honoured. Called through the prototype, so no field of the form can stand in for `submit`.
 */
function submitAnswer(): void {
  const form = document.getElementById("form-post");
  if (form instanceof HTMLFormElement) HTMLFormElement.prototype.submit.call(form);
}
if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", submitAnswer);
else submitAnswer();
