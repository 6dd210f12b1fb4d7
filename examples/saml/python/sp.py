"""A SAML 2.0 service provider on pysaml2 (test/process/saml-sp.test.ts; docs/saml.md).

Reads the IdP's metadata from IDP_METADATA_FILE and acts as the SP SP_ENTITY_ID with its assertion
consumer service at ACS_URL (HTTP-POST). MODE=sp prints the HTTP-Redirect AuthnRequest URL on one
line, then reads the posted SAMLResponse (base64) on stdin; MODE=idp only reads an unsolicited one.
With LOGOUT=1 it then prints its HTTP-Redirect LogoutRequest URL and reads back the URL the IdP
redirected to (its SLO_URL with the LogoutResponse), and prints the LogoutResponse's status.
pysaml2 checks the signatures with xmlsec1 (Response and Assertion), the Issuer, the Destination,
Recipient, Audience, InResponseTo and the validity window; it prints what it accepted as one JSON line.
"""
import json
import os
import sys
from urllib.parse import parse_qs, urlparse

from saml2 import BINDING_HTTP_POST, BINDING_HTTP_REDIRECT
from saml2.client import Saml2Client
from saml2.config import SPConfig


def client() -> Saml2Client:
    entity = os.environ["SP_ENTITY_ID"]
    acs = os.environ["ACS_URL"]
    conf = SPConfig()
    conf.load(
        {
            "entityid": entity,
            "xmlsec_binary": os.environ.get("XMLSEC_BINARY", "/usr/bin/xmlsec1"),
            "metadata": {"local": [os.environ["IDP_METADATA_FILE"]]},
            "service": {
                "sp": {
                    "endpoints": {
                        "assertion_consumer_service": [(acs, BINDING_HTTP_POST)],
                        "single_logout_service": [(os.environ.get("SLO_URL", acs), BINDING_HTTP_REDIRECT)],
                    },
                    "allow_unsolicited": os.environ.get("MODE") == "idp",
                    "authn_requests_signed": False,
                    "want_response_signed": True,
                    "want_assertions_signed": True,
                    "name_id_format": "urn:oasis:names:tc:SAML:2.0:nameid-format:persistent",
                }
            },
            "accepted_time_diff": 5,
            "allow_unknown_attributes": True,
        }
    )
    return Saml2Client(config=conf)


def main() -> None:
    sp = client()
    outstanding = {}
    if os.environ.get("MODE", "sp") == "sp":
        req_id, info = sp.prepare_for_authenticate(binding=BINDING_HTTP_REDIRECT, relay_state="sp-relay")
        location = dict(info["headers"])["Location"]
        outstanding[req_id] = "/"
        print(location, flush=True)
    posted = sys.stdin.readline().strip()
    response = sp.parse_authn_request_response(posted, BINDING_HTTP_POST, outstanding)
    if response is None:
        raise SystemExit("pysaml2 accepted nothing")
    authn = response.authn_info()
    print(
        json.dumps(
            {
                "issuer": response.issuer(),
                "name_id": response.name_id.text,
                "name_id_format": response.name_id.format,
                "in_response_to": response.in_response_to,
                "session_index": response.session_info().get("session_index"),
                "authn_context": authn[0][0] if authn else None,
                "attributes": response.get_identity(),
            }
        ),
        flush=True,
    )
    if os.environ.get("LOGOUT") == "1":
        done = sp.global_logout(response.name_id)
        ((_, (binding, info)),) = done.items()
        assert binding == BINDING_HTTP_REDIRECT, binding
        print(dict(info["headers"])["Location"], flush=True)
        back = parse_qs(urlparse(sys.stdin.readline().strip()).query)
        answer = sp.parse_logout_request_response(back["SAMLResponse"][0], BINDING_HTTP_REDIRECT)
        print(json.dumps({"logout": answer.response.status.status_code.value}), flush=True)


if __name__ == "__main__":
    main()
