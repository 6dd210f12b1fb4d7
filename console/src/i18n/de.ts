/** The console's German catalogue (see en.ts for the rules). */
import type { ConsoleCatalogue } from "./en";

export const de = {
  "branding.title": "Erscheinungsbild",
  "branding.intro":
    "So sehen die Anmeldeseiten und E-Mails Ihres Mandanten aus. Eine Anwendung kann jedes Feld überschreiben.",
  "branding.scope": "Erscheinungsbild von",
  "branding.scopeTenant": "Dem ganzen Mandanten",
  "branding.scopeApp": "Anwendung: {name}",
  "branding.formTenant": "Erscheinungsbild des Mandanten",
  "branding.formApp": "Erscheinungsbild der Anwendung",
  "branding.displayName": "Anzeigename",
  "branding.displayNameHintTenant": "Steht im Kopf jeder Anmeldeseite und jeder E-Mail.",
  "branding.displayNameHintApp": "Leer: der Name des Mandanten.",
  "branding.color": "Hauptfarbe (#rrggbb)",
  "branding.colorHint": "Für Schaltflächen, mit weißer oder fast schwarzer Schrift, je nachdem, was besser lesbar ist.",
  "branding.colorUnreadable": "Auf dieser Farbe ist keine Schrift gut genug lesbar (unter 4,5:1); sie wird abgelehnt.",
  "branding.support": "Link zur Hilfe",
  "branding.logo": "Logo (PNG, JPEG oder WebP, höchstens 64 KiB)",
  "branding.logoTooLarge": "Diese Datei ist größer als 64 KiB.",
  "branding.removeLogo": "Logo entfernen",
  "branding.alert": "Personen per E-Mail benachrichtigen, wenn sie sich in einem neuen Browser anmelden",
  "branding.save": "Erscheinungsbild speichern",
  "branding.saved": "Gespeichert.",
  "branding.preview": "Vorschau",
  "branding.previewLabel": "Vorschau der Anmeldeseite",
  "branding.previewDefaultName": "Anmeldung",
  "branding.previewSupport": "Hilfe und Support",
  "branding.previewSignIn": "Anmelden",
  "branding.previewEmail": "E-Mail-Adresse",
  "branding.previewPassword": "Passwort",
} as const satisfies ConsoleCatalogue;
