"""A phone on the box's Wi-Fi, run inside the test's "phone" network namespace with
the DNS server its DHCP lease named as its resolver.

`python -m tests.net.hotspot_phone resolve NAME...` prints the address each name
resolves to (the system's resolver: `getaddrinfo`);
`python -m tests.net.hotspot_phone checks JSON` asks each `[host, path]` of the JSON
list by plain HTTP on port 80 at the address its host resolves to (a connectivity
check, its Host header as the system sends it) and prints status, Location and body;
`python -m tests.net.hotspot_phone browse URL SEAT` opens URL in Chromium, as a
system's sign-in sheet does, takes SEAT and prints the page's address.
"""

from __future__ import annotations

import http.client
import json
import socket
import sys
from typing import Any


def resolve(names: list[str]) -> dict[str, str]:
    return {name: socket.getaddrinfo(name, 80, socket.AF_INET)[0][4][0] for name in names}


def ask(host: str, path: str) -> dict[str, Any]:
    address = resolve([host])[host]
    connection = http.client.HTTPConnection(address, 80, timeout=10)
    try:
        connection.request("GET", path, headers={"Host": host, "Accept-Language": "en"})
        answer = connection.getresponse()
        body = answer.read(4096).decode("utf-8", "replace")
        return {"status": answer.status, "location": answer.getheader("Location"), "body": body}
    finally:
        connection.close()


def browse(url: str, seat: str) -> dict[str, str]:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support import expected_conditions as seen

    from tests.web.browser import phone, tap, wait

    with phone("en") as driver:
        driver.get(url)
        try:
            tap(driver, f'[data-seat="{seat}"]')
        except Exception:
            print(driver.current_url, driver.page_source[:2000], file=sys.stderr)
            raise
        wait(driver, seen.presence_of_element_located((By.ID, "keypad")))
        who = driver.find_element(By.ID, "who").text
        return {"url": driver.current_url, "who": who}


def main(argv: list[str]) -> None:
    if argv[0] == "resolve":
        result: Any = resolve(argv[1:])
    elif argv[0] == "checks":
        result = [ask(host, path) for host, path in json.loads(argv[1])]
    else:
        result = browse(argv[1], argv[2])
    print(json.dumps(result), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
