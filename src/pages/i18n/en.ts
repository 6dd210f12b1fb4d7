/**
 * The English catalogue: every text of every hosted page, and the reference every other language is
 * checked against (test/unit/pages/i18n.test.ts). A message is one whole sentence or label; values go
 * in by name (`{app}`), never by joining fragments, so a translator can move them. A message whose
 * wording depends on a number is an object of CLDR plural categories (`Intl.PluralRules`), with
 * `other` required and the number passed as `{count}`.
 */
export const en = {
  "brand.default": "Account sign-in",
  "layout.title": "{title} – {brand}",
  "layout.titleWithError": "Error: {title} – {brand}",
  "layout.support": "Help and support",
  "layout.footer": "Enter your password only on pages whose address you trust.",
  "layout.errorHeading": "There is a problem",

  "signIn.title": "Sign in",
  "signIn.titleTo": "Sign in to {app}",
  "signIn.email": "Email address",
  "signIn.password": "Password",
  "signIn.submit": "Sign in",
  "signIn.continue": "Continue",
  "signIn.signingInAs": "Signing in as {email}",
  "signIn.otherEmail": "Use another email address",
  "signIn.forgot": "Forgot password?",
  "signIn.setupLink": "Have a setup link?",
  "passkey.signIn": "Sign in with a passkey",
  "passkey.secondFactor": "Use a passkey instead",
  "passkey.confirm": "Use your passkey",
  "passkey.or": "or",
  "passkey.cancelled": "The passkey was not used. Try again, or sign in another way.",

  "mfa.title": "Two-step verification",
  "mfa.totp.intro": "Open your authenticator app and enter the 6-digit code it shows for this account.",
  "mfa.totp.label": "Code from the app",
  "mfa.recovery.intro":
    "Enter one of the recovery codes you saved when you turned on two-step verification. Each code works once.",
  "mfa.recovery.label": "Recovery code",
  "mfa.submit": "Verify",
  "mfa.useRecovery": "Lost your device? Use a recovery code",
  "mfa.useTotp": "Use the code from your authenticator app",
  "mfa.passkeyOnly.intro": "Confirm it is you with a passkey of this account.",
  "mfa.passkeyOnly.noScript":
    "A passkey needs JavaScript. Turn it on for this site, or go back to the application and sign in another way.",

  "org.title": "Choose an organization",
  "org.intro": {
    one: "Your account belongs to {count} organization. Choose it to continue.",
    other: "Your account belongs to {count} organizations. Choose the one to continue with.",
  },
  "org.listLabel": "Organizations",
  "org.signedInAs": "Signed in as {email}",
  "org.otherAccount": "Use another account",

  "consent.title": "Allow access?",
  "consent.titleApp": "Allow {app} to access your account?",
  "consent.ask": {
    one: "{app} asks for {count} permission:",
    other: "{app} asks for {count} permissions:",
  },
  "consent.account": "You are signed in as {email}.",
  "consent.application": "Its access opens: {application}",
  "consent.org": "Organization: {org}",
  "consent.withdraw": "You can withdraw this permission later in your account settings.",
  "consent.allow": "Allow",
  "consent.deny": "Deny",
  "scope.openid": "Know which account on this service is yours",
  "scope.profile": "See your name",
  "scope.email": "See your email address",
  "scope.offline_access": "Keep access while you are not using it",
  "scope.other": "Use the permission “{scope}”",

  "logout.title": "Sign out",
  "logout.askApp": "Sign out of {app}?",
  "logout.ask": "Do you want to sign out?",
  "logout.explain":
    "This ends your session on this sign-in service. Applications you signed in to through it may sign you out too.",
  "logout.yes": "Sign out",
  "logout.no": "Stay signed in",

  "signedOut.title": "You are signed out",
  "signedOut.body": "You can close this window now.",
  "signedOut.returnApp": "Return to {app}",
  "signedOut.return": "Return to the application",
  "signedOut.stayedTitle": "You are still signed in",
  "signedOut.stayedBody": "Nothing changed. You can close this window now.",
  "notSignedOut.title": "Nothing was signed out",
  "notSignedOut.bodyApp":
    "This browser was not signed in to {app} here, so nothing was ended. Any other sign-in in this browser is unchanged.",
  "notSignedOut.body": "This browser was not signed in here, so nothing was ended.",

  "formPost.title": "Returning to the application",
  "formPost.titleApp": "Returning to {app}",
  "formPost.body": "You are being sent back to the application.",
  "formPost.bodyApp": "You are being sent back to {app}.",
  "formPost.noScript": "Your browser does not run JavaScript here. Press the button to continue.",
  "formPost.continue": "Continue",

  "problem.emailRequired": "Enter your email address.",
  "problem.emailInvalid": "Enter an email address in the form name@example.com.",
  "problem.passwordRequired": "Enter your password.",
  "problem.credentials": "The email address or the password is not right.",
  "problem.locked": {
    one: "There were too many failed attempts. Try again in {count} minute.",
    other: "There were too many failed attempts. Try again in {count} minutes.",
  },
  "problem.disabled": "This account cannot sign in. Contact your administrator.",
  "problem.codeRequired": "Enter the code.",
  "problem.codeInvalid": "That code is not right or has expired. Enter the newest code from the app.",
  "problem.recoveryInvalid": "That recovery code is not right or has already been used.",
  "problem.orgRequired": "Choose an organization.",
  "problem.formExpired": "This form has expired. Enter your details again.",
  "problem.passkey": "That passkey could not be used to sign in. Try again, or sign in another way.",
  "problem.resetCodeInvalid": "That code is not right, has expired or was already used. Ask for a new one.",
  "problem.resetCodeRequired": "Enter the code from the mail.",
  "problem.newPasswordRequired": "Enter a new password.",
  "problem.passwordLength": "Choose a password of 8 to 200 characters.",

  "forgot.title": "Reset your password",
  "forgot.intro": "Enter the email address of your account. We will mail you a code to choose a new password.",
  "forgot.submit": "Send the code",
  "forgot.backToSignIn": "Back to sign-in",
  "forgot.sent.title": "Check your mail",
  "forgot.sent.body":
    "If an account exists for that address, a mail with a code is on its way. The code works once, for 30 minutes.",
  "forgot.sent.enterCode": "Enter the code",
  "reset.title": "Choose a new password",
  "reset.code": "Code from the mail",
  "reset.newPassword": "New password",
  "reset.newPasswordHint": "At least 8 characters.",
  "reset.submit": "Save the new password",
  "reset.done.title": "Your password is changed",
  "reset.done.body": "Sign in with your new password. You were signed out on every other device.",
  "reset.done.continue": "Continue to sign in",
  "reset.done.console": "Sign in to the console",
  "verify.title": "Confirm your email address",
  "verify.body": "Confirm that this mailbox is yours. Applications you sign in to will see the address as verified.",
  "verify.submit": "Confirm my address",
  "verify.invalid": "This link is invalid, expired or already used. Ask for a new one where you asked for this one.",
  "verify.done.title": "Your email address is verified",
  "verify.done.body": "Thank you. You can close this page.",

  "errorPage.reference": "Reference: {id}",
  "errorPage.referenceHint": "If you contact support, give them this reference.",
  "errorPage.retry": "Start again",
  "errorPage.unknownClient.title": "This application is not known",
  "errorPage.unknownClient.what": "The application that sent you here is not registered with this sign-in service.",
  "errorPage.unknownClient.todo":
    "Go back to the application and try again. If it keeps happening, tell the application's support team.",
  "errorPage.badRedirect.title": "This sign-in link is not valid",
  "errorPage.badRedirect.what":
    "The application asked to send you to an address it has not registered, so you were not sent there.",
  "errorPage.badRedirect.todo": "Go back to the application and start again from its sign-in button.",
  "errorPage.badRequest.title": "This sign-in request is not valid",
  "errorPage.badRequest.what": "The link that brought you here is incomplete or has been changed.",
  "errorPage.badRequest.todo": "Go back to the application and start again from its sign-in button.",
  "errorPage.expired.title": "This sign-in has expired",
  "errorPage.expired.what": "You took longer than allowed, or this page was opened twice.",
  "errorPage.expired.todo": "Start again from the application.",
  "errorPage.csrf.title": "This form could not be accepted",
  "errorPage.csrf.what":
    "The form was not sent from this page in this browser, or your browser blocked the cookie this service needs.",
  "errorPage.csrf.todo": "Go back, reload the page and send the form again. Allow cookies for this site.",
  "errorPage.notFound.title": "Page not found",
  "errorPage.notFound.what": "There is no page at this address.",
  "errorPage.notFound.todo": "Check the address, or start again from the application.",
  "errorPage.secondFactorRequired.title": "Two-step verification is needed",
  "errorPage.secondFactorRequired.what":
    "This application asks for a second step at sign-in, and your account has none yet: no authenticator app and no passkey.",
  "errorPage.secondFactorRequired.todo":
    "Turn on two-step verification or add a passkey in your account settings, then start again from the application. If you cannot, contact your administrator.",
  "errorPage.upstreamInvalid.title": "Your organization's sign-in did not work",
  "errorPage.upstreamInvalid.what":
    "Your organization's identity provider sent an answer this service cannot accept, so you are not signed in.",
  "errorPage.upstreamInvalid.todo":
    "Start again from the application. If it keeps happening, give your administrator the reference below.",
  "errorPage.upstreamNoAccount.title": "No account for you here yet",
  "errorPage.upstreamNoAccount.what":
    "Your organization's identity provider signed you in, but there is no account here for you and none can be created automatically.",
  "errorPage.upstreamNoAccount.todo":
    "Ask your administrator to create your account, then start again from the application.",
  "errorPage.upstreamNotLinkable.title": "This account cannot be used this way",
  "errorPage.upstreamNotLinkable.what":
    "The account your identity provider names belongs to an email address this provider is not allowed to sign in for.",
  "errorPage.upstreamNotLinkable.todo":
    "Sign in the way you usually do, or ask your administrator to check the domains of your organization's identity provider.",
  "errorPage.upstreamRefused.title": "This account cannot sign in",
  "errorPage.upstreamRefused.what": "Your account, or its organization, is not active at the moment.",
  "errorPage.upstreamRefused.todo": "Contact your administrator.",
  "problem.ssoRequired":
    "Your organization signs you in through its own identity provider. Enter your email address and continue there.",
  "formPost.titleTo": "Continuing to {name}",
  "formPost.bodyTo": "You are being sent to {name} to sign in with your organization's account.",
  "errorPage.server.title": "Something went wrong on our side",
  "errorPage.server.what": "The sign-in service could not finish your request. Nothing you did caused this.",
  "errorPage.server.todo": "Try again in a few minutes. If it keeps happening, contact support.",
  "errorPage.signOutUnknownClient.title": "This application is not known",
  "errorPage.signOutUnknownClient.what":
    "The application that sent you here to sign out is not registered with this service. Nothing was signed out.",
  "errorPage.signOutUnknownClient.todo":
    "Go back to the application and sign out again. If it keeps happening, tell the application's support team.",
  "errorPage.signOutBadRedirect.title": "This sign-out link is not valid",
  "errorPage.signOutBadRedirect.what":
    "The application asked to send you back to an address it has not registered. Nothing was signed out, and you were not sent there.",
  "errorPage.signOutBadRedirect.todo": "Go back to the application and sign out again from its sign-out button.",
  "errorPage.signOutBadRequest.title": "This sign-out request is not valid",
  "errorPage.signOutBadRequest.what":
    "The link that brought you here is incomplete or has been changed, or it asks to send you back without saying which application it is from. Nothing was signed out.",
  "errorPage.signOutBadRequest.todo": "Go back to the application and sign out again from its sign-out button.",
  "errorPage.signOutCsrf.title": "This sign-out could not be accepted",
  "errorPage.signOutCsrf.what":
    "The form was not sent from this page in this browser, or your browser blocked the cookie this service needs. Nothing was signed out.",
  "errorPage.signOutCsrf.todo": "Go back, reload the page and sign out again. Allow cookies for this site.",
  "errorPage.signOutServer.title": "Something went wrong on our side",
  "errorPage.signOutServer.what":
    "The service could not finish signing you out. Nothing you did caused this. You may still be signed in.",
  "errorPage.signOutServer.todo": "Try to sign out again in a few minutes. If it keeps happening, contact support.",

  "mail.greeting": "Hello,",
  "mail.sentBy": "This mail was sent by {brand}.",
  "mail.support": "Help and support: {url}",
  "mail.noReply": "Please do not reply to this mail.",
  "mail.reset.subject": "Reset your password",
  "mail.reset.intro": "Someone (hopefully you) asked to reset the password of {email}.",
  "mail.reset.tokenLabel": "Your reset code",
  "mail.reset.expiry": {
    one: "The code works once, for {count} minute.",
    other: "The code works once, for {count} minutes.",
  },
  "mail.reset.how": "Enter it where you asked for the reset, together with your new password.",
  "mail.reset.button": "Choose a new password",
  "mail.setup.button": "Choose your password",
  "mail.reset.ignore": "If you did not ask for this, ignore this mail; your password stays as it is.",
  "mail.setup.subject": "Set up your password",
  "mail.setup.intro": "An account was set up for {email}. Choose a password to start using it.",
  "mail.setup.tokenLabel": "Your setup code",
  "mail.setup.expiry": {
    one: "The code works once, for {count} day.",
    other: "The code works once, for {count} days.",
  },
  "mail.setup.how": "Enter it where your administrator told you to, together with the password you choose.",
  "mail.verify.subject": "Confirm your email address",
  "mail.verify.intro": "Someone (hopefully you) asked to confirm that {email} belongs to them.",
  "mail.verify.button": "Confirm my address",
  "mail.verify.expiry": {
    one: "The link works once, for {count} hour.",
    other: "The link works once, for {count} hours.",
  },
  "mail.verify.ignore": "If you did not ask for this, ignore this mail; nothing changes.",
  "mail.newDevice.subject": "New sign-in to your account",
  "mail.newDevice.intro": "Your account {email} was just used to sign in from a browser not seen before.",
  "mail.newDevice.when": "When: {when}",
  "mail.newDevice.device": "Browser: {device}",
  "mail.newDevice.browserOn": "{browser} on {os}",
  "mail.newDevice.unknown": "unknown",
  "mail.newDevice.ip": "Network address: {ip}",
  "mail.newDevice.ok": "If this was you, there is nothing to do.",
  "mail.newDevice.act": "If it was not you, reset your password now and tell your administrator.",
} as const satisfies Record<string, Message>;

/** A message: one sentence, or its plural forms by CLDR category (`other` always present). */
export type Message = string | ({ readonly other: string } & Partial<Record<Intl.LDMLPluralRule, string>>);

export type MessageKey = keyof typeof en;

/**
 * Another language's catalogue. Keys may be missing while a translation is under way (the page then
 * shows English); the catalogue test names every missing key and every `{name}` that differs.
 */
export type Catalogue = { readonly [K in MessageKey]?: Message };
