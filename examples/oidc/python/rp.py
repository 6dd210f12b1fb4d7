"""A relying party with Authlib: signs a person in through the service's hosted pages.

Environment: ISSUER, CLIENT_ID, CLIENT_SECRET (a confidential client), REDIRECT_URI (registered).
Prints the authorization URL, reads the callback URL (where the browser was sent back) from stdin,
then prints one JSON line: {"ok": true, "sub", "sid", "email", "amr"}. Any failed check raises.
"""

import json
import os
import sys
from urllib.parse import parse_qs, urlsplit

import requests
from authlib.common.security import generate_token
from authlib.integrations.requests_client import OAuth2Session
from authlib.jose import JsonWebKey, JsonWebToken
from authlib.oidc.core import CodeIDToken

issuer = os.environ["ISSUER"]
client_id = os.environ["CLIENT_ID"]

# 1. Discovery: the document must name the issuer we asked for (OIDC Discovery §4.3).
meta = requests.get(f"{issuer}/.well-known/openid-configuration", timeout=10).json()
if meta["issuer"] != issuer:
    raise SystemExit(f"issuer mismatch: {meta['issuer']}")

client = OAuth2Session(
    client_id,
    os.environ["CLIENT_SECRET"],
    scope="openid profile email",
    redirect_uri=os.environ["REDIRECT_URI"],
    code_challenge_method="S256",
    token_endpoint_auth_method="client_secret_basic",
)

# 2. The authorization URL: PKCE (S256), state and nonce.
verifier = generate_token(48)
nonce = generate_token(24)
url, state = client.create_authorization_url(meta["authorization_endpoint"], code_verifier=verifier, nonce=nonce)
print(url, flush=True)

# 3. The callback URL; RFC 9207: the response names its issuer.
callback = sys.stdin.readline().strip()
if parse_qs(urlsplit(callback).query).get("iss") != [issuer]:
    raise SystemExit("the authorization response does not name the issuer")

# 4. Code exchange (Authlib checks state), then the ID token: RS256 against the JWKS, iss, aud,
#    exp, nonce and at_hash (CodeIDToken checks at_hash when present; ours always carries it).
token = client.fetch_token(meta["token_endpoint"], authorization_response=callback, state=state, code_verifier=verifier)
keys = JsonWebKey.import_key_set(requests.get(meta["jwks_uri"], timeout=10).json())
claims = JsonWebToken(["RS256"]).decode(
    token["id_token"],
    keys,
    claims_cls=CodeIDToken,
    claims_options={"iss": {"essential": True, "value": issuer}, "aud": {"essential": True, "value": client_id}},
    claims_params={"nonce": nonce, "client_id": client_id, "access_token": token["access_token"]},
)
claims.validate()
if "at_hash" not in claims:
    raise SystemExit("the ID token has no at_hash")

userinfo = client.get(meta["userinfo_endpoint"], timeout=10).json()
if userinfo["sub"] != claims["sub"]:
    raise SystemExit("UserInfo is about someone else")

# A refresh: an access token and a new (rotated) refresh token, no new ID token (a refresh is no sign-in).
refreshed = client.refresh_token(meta["token_endpoint"], refresh_token=token["refresh_token"])
if not refreshed.get("access_token") or refreshed.get("refresh_token") == token["refresh_token"]:
    raise SystemExit("the refresh gave no new access token")

# 5. The result.
print(json.dumps({"ok": True, "sub": claims["sub"], "sid": claims["sid"], "email": userinfo["email"], "amr": claims["amr"]}))
