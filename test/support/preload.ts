// Test preload: quiet logs by default; every test builds its own app with makeTestApp().
process.env.SSO_LOG_LEVEL ??= "silent";
