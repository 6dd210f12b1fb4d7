"""Verifies an access token with PyJWT: keys from the issuer's RFC 8414 metadata (PyJWKClient),
RS256, typ at+jwt, iss, aud, exp, and the RFC 9068 claims. ISSUER, AUDIENCE, TOKEN from the env."""
import json
import os
import sys
import urllib.request

import jwt

issuer, audience, token = os.environ["ISSUER"], os.environ["AUDIENCE"], os.environ["TOKEN"]
with urllib.request.urlopen(f"{issuer}/.well-known/oauth-authorization-server") as r:
    meta = json.load(r)
if meta["issuer"] != issuer:
    sys.exit("the metadata names another issuer")

try:
    header = jwt.get_unverified_header(token)
    if header.get("typ") != "at+jwt":
        raise jwt.InvalidTokenError(f"typ is {header.get('typ')!r}, not 'at+jwt'")
    key = jwt.PyJWKClient(meta["jwks_uri"]).get_signing_key_from_jwt(token)
    claims = jwt.decode(
        token,
        key.key,
        algorithms=["RS256"],
        audience=audience,
        issuer=issuer,
        options={"require": ["exp", "iat", "iss", "aud", "sub", "jti", "client_id"]},
    )
except jwt.PyJWTError as e:
    print(f"rejected: {e}", file=sys.stderr)
    sys.exit(1)
print(json.dumps(claims))
