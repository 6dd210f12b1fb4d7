/**
 * Wire-schema helpers for the models. Bodies are never coerced (CONTRACT §1: wrong types are 400):
 * `Int` is the plain JSON Schema integer. Query strings and path parameters arrive as text, so
 * `QueryInt` parses a decimal integer there (and only there), as the OpenAPI document declares.
 */
import { Type, type IntegerOptions } from "@sinclair/typebox";
import { t } from "elysia";

/** A JSON integer; "30" is refused (bodies, responses). */
export const Int = (options?: IntegerOptions) => Type.Integer(options);

/** An integer in a query string or path segment, parsed from its decimal text. */
export const QueryInt = (options?: IntegerOptions) => t.Integer(options);
