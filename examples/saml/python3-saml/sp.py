"""A SAML 2.0 service provider web application on python3-saml (OneLogin's toolkit).

test/process/saml-sp-web.test.ts drives it in Chromium; docs/saml.md walks through it.
It reads the IdP's metadata from IDP_METADATA_URL (what a SaaS application is given), acts as the
SP BASE_URL + "/metadata" with its assertion consumer service at BASE_URL + "/acs" (HTTP-POST) and
its single logout service at BASE_URL + "/sls" (HTTP-Redirect), and listens on PORT:

  GET  /login    sends the browser to the IdP with an AuthnRequest (HTTP-Redirect; signed when
                 SP_KEY_FILE and SP_CERT_FILE are set) and RelayState "sp-relay"
  POST /acs      takes the posted Response (SP-initiated, or unsolicited: IdP-initiated) and shows
                 what it accepted as JSON in <pre id="result">, or 400 with python3-saml's errors
  GET  /logout   sends the browser to the IdP's SLO with a LogoutRequest for the last sign-in
  GET  /sls      takes the IdP's LogoutResponse (its query signature checked) and shows its result

python3-saml runs strict: the Response is validated against the SAML schemas, both the Response
and the Assertion must be signed (RSA-SHA256; deprecated algorithms refused), and it checks the
Issuer, Destination, Recipient, Audience, InResponseTo, the validity window and the NameID. It
prints "listening <BASE_URL>" on one line once it answers.
"""

import json
import os
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

from lxml import etree
from onelogin.saml2.auth import OneLogin_Saml2_Auth
from onelogin.saml2.constants import OneLogin_Saml2_Constants
from onelogin.saml2.idp_metadata_parser import OneLogin_Saml2_IdPMetadataParser

BASE = os.environ["BASE_URL"].rstrip("/")


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def settings():
    idp = OneLogin_Saml2_IdPMetadataParser.parse_remote(
        os.environ["IDP_METADATA_URL"], timeout=10, required_sso_binding=OneLogin_Saml2_Constants.BINDING_HTTP_REDIRECT
    )
    signing = bool(os.environ.get("SP_KEY_FILE"))
    sp = {
        "entityId": f"{BASE}/metadata",
        "assertionConsumerService": {"url": f"{BASE}/acs", "binding": OneLogin_Saml2_Constants.BINDING_HTTP_POST},
        "singleLogoutService": {"url": f"{BASE}/sls", "binding": OneLogin_Saml2_Constants.BINDING_HTTP_REDIRECT},
        "NameIDFormat": os.environ.get("NAMEID_FORMAT", OneLogin_Saml2_Constants.NAMEID_EMAIL_ADDRESS),
    }
    if signing:
        sp["x509cert"] = read(os.environ["SP_CERT_FILE"])
        sp["privateKey"] = read(os.environ["SP_KEY_FILE"])
    conf = {
        "strict": True,
        "debug": False,
        "sp": sp,
        "security": {
            "authnRequestsSigned": signing,
            "logoutRequestSigned": signing,
            "wantMessagesSigned": True,
            "wantAssertionsSigned": True,
            "wantNameId": True,
            "wantAttributeStatement": True,
            "requestedAuthnContext": True,
            "failOnAuthnContextMismatch": True,
            "rejectDeprecatedAlgorithm": True,
            "signatureAlgorithm": OneLogin_Saml2_Constants.RSA_SHA256,
            "digestAlgorithm": OneLogin_Saml2_Constants.SHA256,
        },
    }
    merged = OneLogin_Saml2_IdPMetadataParser.merge_settings(conf, idp)
    # The metadata's WantAuthnRequestsSigned="false" (signing is asked per SP, not of every SP)
    # would switch this SP's signing off in the merge: its own choice stands.
    merged["security"].update(conf["security"])
    return merged


SETTINGS = settings()
# One person at a time (the test's browser): the outstanding request ids and the last sign-in.
STATE = {"authn_request": None, "logout_request": None, "signed_in": None}


class Handler(BaseHTTPRequestHandler):
    def auth(self, post=None):
        url = urlsplit(self.path)
        request = {
            "https": "off",
            "http_host": self.headers["Host"],
            "script_name": url.path,
            "get_data": {k: v[0] for k, v in parse_qs(url.query).items()},
            "post_data": post or {},
            # python3-saml checks the Redirect binding's signature over the query as sent.
            "query_string": url.query,
        }
        return OneLogin_Saml2_Auth(request, SETTINGS)

    def answer(self, status, body, location=None):
        data = body.encode()
        self.send_response(status)
        if location:
            self.send_header("Location", location)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def page(self, status, title, result):
        text = json.dumps(result, indent=2).replace("&", "&amp;").replace("<", "&lt;")
        self.answer(status, f"<!doctype html><title>{title}</title><h1>{title}</h1><pre id=\"result\">{text}</pre>")

    def refused(self, auth, what):
        errors = {"errors": auth.get_errors(), "reason": auth.get_last_error_reason()}
        print(f"python3-saml refused the {what}: {json.dumps(errors)}", file=sys.stderr, flush=True)
        self.page(400, f"{what} refused", errors)

    def do_GET(self):
        path = urlsplit(self.path).path
        if path == "/login":
            auth = self.auth()
            target = auth.login(return_to="sp-relay")
            STATE["authn_request"] = auth.get_last_request_id()
            self.answer(302, "", target)
        elif path == "/logout":
            who = STATE["signed_in"] or {}
            auth = self.auth()
            target = auth.logout(
                return_to="sp-logout-relay",
                name_id=who.get("name_id"),
                session_index=who.get("session_index"),
                name_id_format=who.get("name_id_format"),
            )
            STATE["logout_request"] = auth.get_last_request_id()
            self.answer(302, "", target)
        elif path == "/sls":
            auth = self.auth()
            auth.process_slo(request_id=STATE["logout_request"], keep_local_session=True)
            if auth.get_errors():
                return self.refused(auth, "LogoutResponse")
            STATE["signed_in"] = None
            relay = parse_qs(urlsplit(self.path).query).get("RelayState", [None])[0]
            self.page(200, "Signed out", {"logout": "success", "relay_state": relay})
        elif path == "/metadata":
            auth = self.auth()
            self.answer(200, auth.get_settings().get_sp_metadata().decode())
        else:
            self.answer(404, "not found")

    def do_POST(self):
        if urlsplit(self.path).path != "/acs":
            return self.answer(404, "not found")
        length = int(self.headers.get("Content-Length", "0"))
        form = {k: v[0] for k, v in parse_qs(self.rfile.read(length).decode()).items()}
        auth = self.auth(form)
        # The outstanding request id: a Response must answer it (InResponseTo), or be unsolicited.
        auth.process_response(request_id=STATE["authn_request"])
        if auth.get_errors():
            return self.refused(auth, "Response")
        STATE["authn_request"] = None
        xml = etree.fromstring(auth.get_last_response_xml().encode())
        issuer = xml.find("{urn:oasis:names:tc:SAML:2.0:assertion}Issuer")
        who = {
            "issuer": issuer.text if issuer is not None else None,
            "name_id": auth.get_nameid(),
            "name_id_format": auth.get_nameid_format(),
            "session_index": auth.get_session_index(),
            "in_response_to": xml.get("InResponseTo"),
            "authn_contexts": auth.get_last_authn_contexts(),
            "attributes": auth.get_attributes(),
            "relay_state": form.get("RelayState"),
        }
        STATE["signed_in"] = who
        self.page(200, "Signed in", who)

    def log_message(self, *args):
        pass


def main():
    port = int(os.environ["PORT"])
    server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
    print(f"listening {BASE}", flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
