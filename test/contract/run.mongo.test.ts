// The MongoDB adapter is not built yet (a later issue); no MongoDB server can run on this machine.
// This file makes the gap visible in every test run; it registers no test, so nothing counts as passing.
console.warn("NOT RUN: MongoDB contract suites (the mongo adapter is not implemented yet; MONGODB_URL is unset)");
