/** The German catalogue (see en.ts for the rules: whole sentences, values by name, plural forms). */
import type { Catalogue } from "./en";

export const de = {
  "brand.default": "Anmeldung",
  "layout.title": "{title} – {brand}",
  "layout.titleWithError": "Fehler: {title} – {brand}",
  "layout.support": "Hilfe und Support",
  "layout.footer": "Geben Sie Ihr Passwort nur auf Seiten ein, deren Adresse Sie vertrauen.",
  "layout.errorHeading": "Es gibt ein Problem",

  "signIn.title": "Anmelden",
  "signIn.titleTo": "Bei {app} anmelden",
  "signIn.email": "E-Mail-Adresse",
  "signIn.password": "Passwort",
  "signIn.submit": "Anmelden",
  "signIn.continue": "Weiter",
  "signIn.signingInAs": "Anmeldung als {email}",
  "signIn.otherEmail": "Andere E-Mail-Adresse verwenden",
  "signIn.forgot": "Passwort vergessen?",
  "signIn.setupLink": "Haben Sie einen Einrichtungslink?",
  "passkey.signIn": "Mit einem Passkey anmelden",
  "passkey.secondFactor": "Stattdessen einen Passkey verwenden",
  "passkey.confirm": "Passkey verwenden",
  "passkey.or": "oder",
  "passkey.cancelled": "Der Passkey wurde nicht verwendet. Versuchen Sie es erneut oder melden Sie sich anders an.",

  "mfa.title": "Bestätigung in zwei Schritten",
  "mfa.totp.intro":
    "Öffnen Sie Ihre Authenticator-App und geben Sie den 6-stelligen Code ein, den sie für dieses Konto anzeigt.",
  "mfa.totp.label": "Code aus der App",
  "mfa.recovery.intro":
    "Geben Sie einen der Wiederherstellungscodes ein, die Sie beim Einschalten der Bestätigung in zwei Schritten gespeichert haben. Jeder Code funktioniert einmal.",
  "mfa.recovery.label": "Wiederherstellungscode",
  "mfa.submit": "Bestätigen",
  "mfa.useRecovery": "Gerät verloren? Wiederherstellungscode verwenden",
  "mfa.useTotp": "Code aus der Authenticator-App verwenden",
  "mfa.passkeyOnly.intro": "Bestätigen Sie mit einem Passkey dieses Kontos, dass Sie es sind.",
  "mfa.passkeyOnly.noScript":
    "Ein Passkey braucht JavaScript. Schalten Sie es für diese Website ein, oder gehen Sie zurück zur Anwendung und melden Sie sich anders an.",

  "org.title": "Organisation wählen",
  "org.intro": {
    one: "Ihr Konto gehört zu {count} Organisation. Wählen Sie sie, um fortzufahren.",
    other: "Ihr Konto gehört zu {count} Organisationen. Wählen Sie die, mit der Sie fortfahren möchten.",
  },
  "org.listLabel": "Organisationen",
  "org.signedInAs": "Angemeldet als {email}",
  "org.otherAccount": "Anderes Konto verwenden",

  "consent.title": "Zugriff erlauben?",
  "consent.titleApp": "{app} Zugriff auf Ihr Konto erlauben?",
  "consent.ask": {
    one: "{app} bittet um {count} Berechtigung:",
    other: "{app} bittet um {count} Berechtigungen:",
  },
  "consent.account": "Sie sind als {email} angemeldet.",
  "consent.application": "Der Zugriff gilt für: {application}",
  "consent.org": "Organisation: {org}",
  "consent.withdraw": "Sie können diese Erlaubnis später in Ihren Kontoeinstellungen widerrufen.",
  "consent.allow": "Erlauben",
  "consent.deny": "Ablehnen",
  "scope.openid": "Erkennen, welches Konto bei diesem Dienst Ihnen gehört",
  "scope.profile": "Ihren Namen sehen",
  "scope.email": "Ihre E-Mail-Adresse sehen",
  "scope.offline_access": "Zugriff behalten, während Sie die Anwendung nicht nutzen",
  "scope.other": "Die Berechtigung „{scope}“ nutzen",

  "logout.title": "Abmelden",
  "logout.askApp": "Von {app} abmelden?",
  "logout.ask": "Möchten Sie sich abmelden?",
  "logout.explain":
    "Damit endet Ihre Sitzung bei diesem Anmeldedienst. Anwendungen, bei denen Sie sich darüber angemeldet haben, melden Sie möglicherweise ebenfalls ab.",
  "logout.yes": "Abmelden",
  "logout.no": "Angemeldet bleiben",

  "signedOut.title": "Sie sind abgemeldet",
  "signedOut.body": "Sie können dieses Fenster jetzt schließen.",
  "signedOut.returnApp": "Zurück zu {app}",
  "signedOut.return": "Zurück zur Anwendung",
  "signedOut.stayedTitle": "Sie sind weiterhin angemeldet",
  "signedOut.stayedBody": "Nichts wurde geändert. Sie können dieses Fenster jetzt schließen.",
  "notSignedOut.title": "Es wurde nichts abgemeldet",
  "notSignedOut.bodyApp":
    "Dieser Browser war hier nicht bei {app} angemeldet, daher wurde nichts beendet. Andere Anmeldungen in diesem Browser bleiben unverändert.",
  "notSignedOut.body": "Dieser Browser war hier nicht angemeldet, daher wurde nichts beendet.",

  "formPost.title": "Zurück zur Anwendung",
  "formPost.titleApp": "Zurück zu {app}",
  "formPost.body": "Sie werden zur Anwendung zurückgeleitet.",
  "formPost.bodyApp": "Sie werden zu {app} zurückgeleitet.",
  "formPost.noScript": "Ihr Browser führt hier kein JavaScript aus. Klicken Sie auf die Schaltfläche, um fortzufahren.",
  "formPost.continue": "Weiter",

  "problem.emailRequired": "Geben Sie Ihre E-Mail-Adresse ein.",
  "problem.emailInvalid": "Geben Sie eine E-Mail-Adresse in der Form name@example.com ein.",
  "problem.passwordRequired": "Geben Sie Ihr Passwort ein.",
  "problem.credentials": "Die E-Mail-Adresse oder das Passwort stimmt nicht.",
  "problem.locked": {
    one: "Es gab zu viele Fehlversuche. Versuchen Sie es in {count} Minute erneut.",
    other: "Es gab zu viele Fehlversuche. Versuchen Sie es in {count} Minuten erneut.",
  },
  "problem.disabled": "Mit diesem Konto ist keine Anmeldung möglich. Wenden Sie sich an Ihre Administration.",
  "problem.codeRequired": "Geben Sie den Code ein.",
  "problem.codeInvalid": "Dieser Code stimmt nicht oder ist abgelaufen. Geben Sie den neuesten Code aus der App ein.",
  "problem.recoveryInvalid": "Dieser Wiederherstellungscode stimmt nicht oder wurde schon verwendet.",
  "problem.orgRequired": "Wählen Sie eine Organisation.",
  "problem.formExpired": "Dieses Formular ist abgelaufen. Geben Sie Ihre Daten erneut ein.",
  "problem.passkey":
    "Mit diesem Passkey war keine Anmeldung möglich. Versuchen Sie es erneut oder melden Sie sich anders an.",

  "errorPage.reference": "Referenz: {id}",
  "errorPage.referenceHint": "Wenn Sie den Support kontaktieren, nennen Sie diese Referenz.",
  "errorPage.retry": "Neu beginnen",
  "errorPage.unknownClient.title": "Diese Anwendung ist unbekannt",
  "errorPage.unknownClient.what":
    "Die Anwendung, die Sie hierher geschickt hat, ist bei diesem Anmeldedienst nicht registriert.",
  "errorPage.unknownClient.todo":
    "Gehen Sie zurück zur Anwendung und versuchen Sie es erneut. Wenn es wieder passiert, informieren Sie den Support der Anwendung.",
  "errorPage.badRedirect.title": "Dieser Anmeldelink ist ungültig",
  "errorPage.badRedirect.what":
    "Die Anwendung wollte Sie an eine Adresse schicken, die sie nicht registriert hat. Deshalb wurden Sie nicht weitergeleitet.",
  "errorPage.badRedirect.todo": "Gehen Sie zurück zur Anwendung und beginnen Sie erneut über deren Anmeldeknopf.",
  "errorPage.badRequest.title": "Diese Anmeldeanfrage ist ungültig",
  "errorPage.badRequest.what": "Der Link, der Sie hierher gebracht hat, ist unvollständig oder wurde verändert.",
  "errorPage.badRequest.todo": "Gehen Sie zurück zur Anwendung und beginnen Sie erneut über deren Anmeldeknopf.",
  "errorPage.expired.title": "Diese Anmeldung ist abgelaufen",
  "errorPage.expired.what": "Es hat länger gedauert als erlaubt, oder diese Seite wurde zweimal geöffnet.",
  "errorPage.expired.todo": "Beginnen Sie erneut in der Anwendung.",
  "errorPage.csrf.title": "Dieses Formular konnte nicht angenommen werden",
  "errorPage.csrf.what":
    "Das Formular wurde nicht von dieser Seite in diesem Browser gesendet, oder Ihr Browser hat das nötige Cookie blockiert.",
  "errorPage.csrf.todo":
    "Gehen Sie zurück, laden Sie die Seite neu und senden Sie das Formular erneut. Erlauben Sie Cookies für diese Website.",
  "errorPage.notFound.title": "Seite nicht gefunden",
  "errorPage.notFound.what": "Unter dieser Adresse gibt es keine Seite.",
  "errorPage.notFound.todo": "Prüfen Sie die Adresse oder beginnen Sie erneut in der Anwendung.",
  "errorPage.secondFactorRequired.title": "Bestätigung in zwei Schritten erforderlich",
  "errorPage.secondFactorRequired.what":
    "Diese Anwendung verlangt bei der Anmeldung einen zweiten Schritt, und für Ihr Konto ist noch keiner eingerichtet: weder eine Authenticator-App noch ein Passkey.",
  "errorPage.secondFactorRequired.todo":
    "Schalten Sie in Ihren Kontoeinstellungen die Bestätigung in zwei Schritten ein oder fügen Sie einen Passkey hinzu, und beginnen Sie dann erneut in der Anwendung. Wenn das nicht geht, wenden Sie sich an Ihre Administration.",
  "errorPage.upstreamInvalid.title": "Die Anmeldung Ihrer Organisation hat nicht funktioniert",
  "errorPage.upstreamInvalid.what":
    "Der Identitätsanbieter Ihrer Organisation hat eine Antwort gesendet, die dieser Dienst nicht annehmen kann. Sie sind nicht angemeldet.",
  "errorPage.upstreamInvalid.todo":
    "Beginnen Sie erneut in der Anwendung. Wenn es wieder passiert, geben Sie Ihrer Administration die Referenz unten.",
  "errorPage.upstreamNoAccount.title": "Für Sie gibt es hier noch kein Konto",
  "errorPage.upstreamNoAccount.what":
    "Der Identitätsanbieter Ihrer Organisation hat Sie angemeldet, aber hier gibt es kein Konto für Sie, und es kann keines automatisch angelegt werden.",
  "errorPage.upstreamNoAccount.todo":
    "Bitten Sie Ihre Administration, Ihr Konto anzulegen, und beginnen Sie dann erneut in der Anwendung.",
  "errorPage.upstreamNotLinkable.title": "Dieses Konto kann so nicht verwendet werden",
  "errorPage.upstreamNotLinkable.what":
    "Das Konto, das Ihr Identitätsanbieter nennt, gehört zu einer E-Mail-Adresse, für die dieser Anbieter nicht anmelden darf.",
  "errorPage.upstreamNotLinkable.todo":
    "Melden Sie sich wie gewohnt an, oder bitten Sie Ihre Administration, die Domains des Identitätsanbieters Ihrer Organisation zu prüfen.",
  "errorPage.upstreamRefused.title": "Dieses Konto kann sich nicht anmelden",
  "errorPage.upstreamRefused.what": "Ihr Konto oder seine Organisation ist derzeit nicht aktiv.",
  "errorPage.upstreamRefused.todo": "Wenden Sie sich an Ihre Administration.",
  "problem.ssoRequired":
    "Ihre Organisation meldet Sie über ihren eigenen Identitätsanbieter an. Geben Sie Ihre E-Mail-Adresse ein und fahren Sie dort fort.",
  "formPost.titleTo": "Weiter zu {name}",
  "formPost.bodyTo": "Sie werden zu {name} weitergeleitet, um sich mit dem Konto Ihrer Organisation anzumelden.",
  "errorPage.server.title": "Bei uns ist etwas schiefgegangen",
  "errorPage.server.what": "Der Anmeldedienst konnte Ihre Anfrage nicht abschließen. Das liegt nicht an Ihnen.",
  "problem.resetCodeInvalid":
    "Dieser Code ist falsch, abgelaufen oder wurde schon verwendet. Fordern Sie einen neuen an.",
  "problem.resetCodeRequired": "Geben Sie den Code aus der E-Mail ein.",
  "problem.newPasswordRequired": "Geben Sie ein neues Passwort ein.",
  "problem.passwordLength": "Wählen Sie ein Passwort mit 8 bis 200 Zeichen.",

  "forgot.title": "Passwort zurücksetzen",
  "forgot.intro":
    "Geben Sie die E-Mail-Adresse Ihres Kontos ein. Wir senden Ihnen einen Code, mit dem Sie ein neues Passwort wählen.",
  "forgot.submit": "Code senden",
  "forgot.backToSignIn": "Zurück zur Anmeldung",
  "forgot.sent.title": "Sehen Sie in Ihr Postfach",
  "forgot.sent.body":
    "Wenn es ein Konto mit dieser Adresse gibt, ist eine E-Mail mit einem Code unterwegs. Der Code gilt einmal, 30 Minuten lang.",
  "forgot.sent.enterCode": "Code eingeben",
  "reset.title": "Neues Passwort wählen",
  "reset.code": "Code aus der E-Mail",
  "reset.newPassword": "Neues Passwort",
  "reset.newPasswordHint": "Mindestens 8 Zeichen.",
  "reset.submit": "Neues Passwort speichern",
  "reset.done.title": "Ihr Passwort ist geändert",
  "reset.done.body": "Melden Sie sich mit Ihrem neuen Passwort an. Auf allen anderen Geräten wurden Sie abgemeldet.",
  "reset.done.continue": "Weiter zur Anmeldung",
  "reset.done.console": "An der Konsole anmelden",
  "verify.title": "E-Mail-Adresse bestätigen",
  "verify.body":
    "Bestätigen Sie, dass dieses Postfach Ihnen gehört. Anwendungen, bei denen Sie sich anmelden, sehen die Adresse dann als bestätigt.",
  "verify.submit": "Meine Adresse bestätigen",
  "verify.invalid":
    "Dieser Link ist ungültig, abgelaufen oder schon benutzt. Fordern Sie dort, wo Sie diesen angefordert haben, einen neuen an.",
  "verify.done.title": "Ihre E-Mail-Adresse ist bestätigt",
  "verify.done.body": "Vielen Dank. Sie können diese Seite schließen.",

  "mail.greeting": "Hallo,",
  "mail.sentBy": "Diese E-Mail wurde von {brand} gesendet.",
  "mail.support": "Hilfe und Support: {url}",
  "mail.noReply": "Bitte antworten Sie nicht auf diese E-Mail.",
  "mail.reset.subject": "Passwort zurücksetzen",
  "mail.reset.intro": "Jemand (hoffentlich Sie) hat verlangt, das Passwort von {email} zurückzusetzen.",
  "mail.reset.tokenLabel": "Ihr Code zum Zurücksetzen",
  "mail.reset.expiry": {
    one: "Der Code gilt einmal, {count} Minute lang.",
    other: "Der Code gilt einmal, {count} Minuten lang.",
  },
  "mail.reset.how":
    "Geben Sie ihn dort ein, wo Sie das Zurücksetzen verlangt haben, zusammen mit Ihrem neuen Passwort.",
  "mail.reset.button": "Neues Passwort wählen",
  "mail.setup.button": "Passwort wählen",
  "mail.reset.ignore":
    "Wenn Sie das nicht verlangt haben, ignorieren Sie diese E-Mail; Ihr Passwort bleibt, wie es ist.",
  "mail.setup.subject": "Passwort einrichten",
  "mail.setup.intro": "Für {email} wurde ein Konto eingerichtet. Wählen Sie ein Passwort, um es zu nutzen.",
  "mail.setup.tokenLabel": "Ihr Einrichtungscode",
  "mail.setup.expiry": {
    one: "Der Code gilt einmal, {count} Tag lang.",
    other: "Der Code gilt einmal, {count} Tage lang.",
  },
  "mail.setup.how":
    "Geben Sie ihn dort ein, wo Ihre Administration es Ihnen gesagt hat, zusammen mit dem Passwort, das Sie wählen.",
  "mail.verify.subject": "E-Mail-Adresse bestätigen",
  "mail.verify.intro": "Jemand (hoffentlich Sie) möchte bestätigen, dass {email} ihm gehört.",
  "mail.verify.button": "Meine Adresse bestätigen",
  "mail.verify.expiry": {
    one: "Der Link gilt einmal, {count} Stunde lang.",
    other: "Der Link gilt einmal, {count} Stunden lang.",
  },
  "mail.verify.ignore": "Wenn Sie das nicht angefordert haben, ignorieren Sie diese E-Mail; es ändert sich nichts.",
  "mail.newDevice.subject": "Neue Anmeldung bei Ihrem Konto",
  "mail.newDevice.intro": "Mit Ihrem Konto {email} wurde sich eben in einem bisher unbekannten Browser angemeldet.",
  "mail.newDevice.when": "Wann: {when}",
  "mail.newDevice.device": "Browser: {device}",
  "mail.newDevice.browserOn": "{browser} unter {os}",
  "mail.newDevice.unknown": "unbekannt",
  "mail.newDevice.ip": "Netzwerkadresse: {ip}",
  "mail.newDevice.ok": "Wenn Sie das waren, ist nichts zu tun.",
  "mail.newDevice.act": "Wenn nicht, setzen Sie jetzt Ihr Passwort zurück und informieren Sie Ihre Administration.",
  "errorPage.server.todo":
    "Versuchen Sie es in einigen Minuten erneut. Wenn es wieder passiert, kontaktieren Sie den Support.",
  "errorPage.signOutUnknownClient.title": "Diese Anwendung ist unbekannt",
  "errorPage.signOutUnknownClient.what":
    "Die Anwendung, die Sie zum Abmelden hierher geschickt hat, ist bei diesem Dienst nicht registriert. Es wurde nichts abgemeldet.",
  "errorPage.signOutUnknownClient.todo":
    "Gehen Sie zurück zur Anwendung und melden Sie sich erneut ab. Wenn es wieder passiert, informieren Sie den Support der Anwendung.",
  "errorPage.signOutBadRedirect.title": "Dieser Abmeldelink ist ungültig",
  "errorPage.signOutBadRedirect.what":
    "Die Anwendung wollte Sie an eine Adresse zurückschicken, die sie nicht registriert hat. Es wurde nichts abgemeldet, und Sie wurden nicht weitergeleitet.",
  "errorPage.signOutBadRedirect.todo":
    "Gehen Sie zurück zur Anwendung und melden Sie sich erneut über deren Abmeldeknopf ab.",
  "errorPage.signOutBadRequest.title": "Diese Abmeldeanfrage ist ungültig",
  "errorPage.signOutBadRequest.what":
    "Der Link, der Sie hierher gebracht hat, ist unvollständig oder wurde verändert, oder er will Sie zurückschicken, ohne zu sagen, von welcher Anwendung er stammt. Es wurde nichts abgemeldet.",
  "errorPage.signOutBadRequest.todo":
    "Gehen Sie zurück zur Anwendung und melden Sie sich erneut über deren Abmeldeknopf ab.",
  "errorPage.signOutCsrf.title": "Diese Abmeldung konnte nicht angenommen werden",
  "errorPage.signOutCsrf.what":
    "Das Formular wurde nicht von dieser Seite in diesem Browser gesendet, oder Ihr Browser hat das nötige Cookie blockiert. Es wurde nichts abgemeldet.",
  "errorPage.signOutCsrf.todo":
    "Gehen Sie zurück, laden Sie die Seite neu und melden Sie sich erneut ab. Erlauben Sie Cookies für diese Website.",
  "errorPage.signOutServer.title": "Bei uns ist etwas schiefgegangen",
  "errorPage.signOutServer.what":
    "Der Dienst konnte Ihre Abmeldung nicht abschließen. Das liegt nicht an Ihnen. Möglicherweise sind Sie noch angemeldet.",
  "errorPage.signOutServer.todo":
    "Versuchen Sie in einigen Minuten erneut, sich abzumelden. Wenn es wieder passiert, kontaktieren Sie den Support.",
} as const satisfies Catalogue;
