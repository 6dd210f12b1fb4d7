"""Runs scim2-tester (PyPI) against a running service: `python scim-tester.py <base-url> <scim-token>`.

The one adaptation: userName values are emails (the service's rule). Prints one JSON line per check ({status, title, reason, resource_type, tags}) and exits 0; the
process test (test/process/scim-tester.test.ts) decides which results pass.
"""

import json
import sys
import uuid

from httpx2 import Client
from scim2_client.engines.httpx2 import SyncSCIMClient
import scim2_tester.checkers.patch_add
import scim2_tester.checkers.patch_replace
import scim2_tester.filling
from scim2_tester import check_server

# The service's userName is the person's email (CONTRACT §18: anything else is 400 invalidValue,
# docs/scim.md); the checker fills strings with bare UUIDs, so userName gets a UUID at a domain.
_random_value = scim2_tester.filling.generate_random_value


def _random_value_with_email_user_names(context, path, *args, **kwargs):
    value = _random_value(context, path, *args, **kwargs)
    if isinstance(value, str) and str(path).split(".")[-1].split(":")[-1] == "userName":
        return f"{uuid.uuid4()}@scim-tester.example"
    return value


for module in (scim2_tester.filling, scim2_tester.checkers.patch_add, scim2_tester.checkers.patch_replace):
    module.generate_random_value = _random_value_with_email_user_names

base, token = sys.argv[1], sys.argv[2]
http = Client(base_url=base, headers={"Authorization": f"Bearer {token}"}, timeout=30)
scim = SyncSCIMClient(http)
for r in check_server(scim):
    print(
        json.dumps(
            {
                "status": r.status.name,
                "title": r.title,
                "reason": None if r.reason is None else str(r.reason)[:600],
                "resource_type": r.resource_type,
                "tags": sorted(r.tags),
            }
        ),
        flush=True,
    )
