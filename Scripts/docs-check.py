#!/usr/bin/env python3
"""Checks a site written by Scripts/docs-site.py the way a reader uses it: every local link of
every page opens a file of the site, and every #anchor names an element of that page.

    Scripts/docs-check.py SITE

Reads the HTML itself (not the generator's notes), so a link the generator got wrong is found.
Exits 1 and names each broken link.
"""
import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit


class Page(HTMLParser):
    def __init__(self):
        super().__init__()
        self.links = []
        self.ids = set()

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if "id" in attributes:
            self.ids.add(attributes["id"])
        if tag == "a" and "href" in attributes:
            self.links.append(attributes["href"])


def main(argv):
    if len(argv) != 2:
        print(__doc__.strip().split("\n\n")[1].strip(), file=sys.stderr)
        return 2
    site = Path(argv[1]).resolve()
    pages = {}
    for path in site.rglob("*.html"):
        page = Page()
        page.feed(path.read_text())
        pages[path] = page
    if not pages:
        print(f"docs-check: {site} holds no HTML page", file=sys.stderr)
        return 1
    broken = []
    local = 0
    for path, page in pages.items():
        for link in page.links:
            parts = urlsplit(link)
            if parts.scheme or parts.netloc:
                continue  # an outside link: not this site's to check
            local += 1
            target = (path.parent / unquote(parts.path)).resolve() if parts.path else path
            if target not in pages:
                broken.append(f"{path.relative_to(site)}: {link} opens no page of the site")
            elif parts.fragment and unquote(parts.fragment) not in pages[target].ids:
                broken.append(f"{path.relative_to(site)}: {link} names no element of {target.relative_to(site)}")
    for line in broken:
        print(f"docs-check: {line}", file=sys.stderr)
    print(f"docs-check: {len(pages)} pages, {local} local links, {len(broken)} broken")
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
