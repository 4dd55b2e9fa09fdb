#!/usr/bin/env python3
"""Writes a static documentation site from DocC archives: one HTML page per page of the archives,
with relative links only, so that a browser opens it from disk (file://) with no server.

    Scripts/docs-site.py OUT ARCHIVE.doccarchive...

DocC's own site fetches its pages' JSON at run time, which browsers refuse on file:// URLs. This
reads the same render JSON (the archive's data/ folder, DocC's RenderNode format) and writes
plain HTML: the declaration, abstract, discussion, parameters, topics, relationships and see-also
sections, and the breadcrumbs of each page. Content of a kind it does not know is shown as such
on the page and counted; it exits 1 when there was any, or when a link has no page.
"""
import html
import json
import os
import posixpath
import re
import sys
from pathlib import Path

STYLE = """
body { font: 16px/1.5 -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; margin: 0; color: #1d1d1f; }
header { background: #1d1d1f; padding: 10px 24px; }
header a { color: #f5f5f7; text-decoration: none; font-weight: 600; }
main { max-width: 860px; margin: 0 auto; padding: 12px 24px 48px; }
nav.crumbs { font-size: 14px; color: #6e6e73; margin: 8px 0 16px; }
nav.crumbs a { color: #0066cc; }
.role { color: #6e6e73; font-size: 15px; margin: 0; }
h1 { margin: 0 0 8px; font-size: 34px; }
.abstract { font-size: 19px; margin: 0 0 20px; }
a { color: #0066cc; text-decoration: none; }
a:hover { text-decoration: underline; }
code, pre { font-family: Menlo, "DejaVu Sans Mono", monospace; font-size: 14px; }
pre { background: #f5f5f7; border-radius: 8px; padding: 12px 14px; overflow-x: auto; }
pre.declaration { border-left: 4px solid #0066cc; white-space: pre-wrap; }
.kw { color: #ad3da4; } .attr { color: #947100; } .type { color: #3900a0; }
aside { border-left: 4px solid #888; background: #f5f5f7; padding: 4px 14px; margin: 12px 0; border-radius: 4px; }
aside.warning, aside.important { border-color: #c30; } aside.tip { border-color: #2a7; }
aside .name { font-weight: 600; margin: 8px 0 0; }
table { border-collapse: collapse; margin: 12px 0; }
th, td { border: 1px solid #d2d2d7; padding: 4px 8px; text-align: left; vertical-align: top; }
h2 { border-top: 1px solid #d2d2d7; padding-top: 16px; margin-top: 32px; }
.topic { margin: 0 0 14px; }
.topic .title { font-size: 16px; }
.topic .summary { margin: 2px 0 0 0; color: #424245; }
.unsupported { color: #c30; font-weight: 600; }
dl.parameters dt { font-family: Menlo, monospace; font-weight: 600; }
"""


def safe_segment(segment):
    """A URL path segment as a file name that needs no escaping in an href, one-to-one."""
    return re.sub(r"[^A-Za-z0-9-]", lambda m: "".join("_%02x" % b for b in m.group().encode()), segment)


def page_file(url_path):
    """The site-relative file of the page at a DocC URL path such as /documentation/braid/store."""
    segments = [safe_segment(s) for s in url_path.strip("/").split("/") if s]
    return "/".join(segments) + ".html"


class Site:
    def __init__(self, out):
        self.out = Path(out)
        self.pages = {}  # identifier -> render node
        self.files = {}  # identifier -> site-relative file
        self.by_url = {}  # lowercased URL path -> site-relative file
        self.unsupported = []
        self.broken = []

    def load(self, archive):
        data = Path(archive) / "data" / "documentation"
        if not data.is_dir():
            sys.exit(f"docs-site: {archive} has no data/documentation folder: is it a DocC archive?")
        for path in sorted(data.rglob("*.json")):
            node = json.loads(path.read_text())
            identifier = node["identifier"]["url"]
            url = node["variants"][0]["paths"][0] if node.get("variants") else None
            if url is None:
                sys.exit(f"docs-site: {path} names no URL path")
            self.pages[identifier] = node
            self.files[identifier] = page_file(url)
            self.by_url[url.lower()] = page_file(url)

    # Links

    def href(self, target_file, from_file):
        return posixpath.relpath(target_file, posixpath.dirname(from_file) or ".")

    def reference_link(self, node, identifier, from_file, fallback=None):
        """(href or None, title) for a reference of `node`."""
        reference = node.get("references", {}).get(identifier, {})
        title = reference.get("title") or fallback or identifier.rsplit("/", 1)[-1]
        if reference.get("type") == "link":
            return reference.get("url"), title
        url = reference.get("url")
        if url is None:
            if reference.get("type") != "unresolvable":
                self.broken.append((from_file, identifier))
            return None, title
        path, _, anchor = url.partition("#")
        target = self.by_url.get(path.lower())
        if target is None:
            self.broken.append((from_file, url))
            return None, title
        link = self.href(target, from_file)
        return (link + "#" + anchor if anchor else link), title

    # Inline content

    def inline(self, node, items, from_file):
        return "".join(self.inline_item(node, item, from_file) for item in items or [])

    def inline_item(self, node, item, from_file):
        kind = item.get("type")
        if kind == "text":
            return html.escape(item["text"])
        if kind == "codeVoice":
            return f"<code>{html.escape(item['code'])}</code>"
        if kind in ("emphasis", "strong", "newTerm", "inlineHead", "subscript", "superscript", "strikethrough"):
            tag = {"emphasis": "em", "strong": "strong", "newTerm": "em", "inlineHead": "strong",
                   "subscript": "sub", "superscript": "sup", "strikethrough": "s"}[kind]
            return f"<{tag}>{self.inline(node, item.get('inlineContent'), from_file)}</{tag}>"
        if kind == "reference":
            link, title = self.reference_link(node, item["identifier"], from_file, item.get("overridingTitle"))
            if item.get("overridingTitleInlineContent"):
                text = self.inline(node, item["overridingTitleInlineContent"], from_file)
            else:
                reference = node.get("references", {}).get(item["identifier"], {})
                text = self.title_html(reference, title)
            if link is None or item.get("isActive") is False:
                return text
            return f'<a href="{html.escape(link)}">{text}</a>'
        if kind == "link":
            title = item.get("title") or item.get("destination", "")
            return f'<a href="{html.escape(item.get("destination", ""))}">{html.escape(title)}</a>'
        if kind == "image":
            reference = node.get("references", {}).get(item.get("identifier", ""), {})
            alt = reference.get("alt") or item.get("identifier", "image")
            return f"<em>[image: {html.escape(alt)}]</em>"
        return self.unsupported_content(from_file, "inline", kind)

    def title_html(self, reference, title):
        """A reference's title: symbols in code voice, articles as text."""
        if reference.get("kind") == "symbol" or reference.get("role") == "symbol":
            return f"<code>{html.escape(title)}</code>"
        return html.escape(title)

    def unsupported_content(self, from_file, level, kind):
        self.unsupported.append((from_file, level, kind))
        return f'<span class="unsupported">[DocC {level} content of kind “{html.escape(str(kind))}” is not shown here]</span>'

    # Block content

    def blocks(self, node, items, from_file):
        return "\n".join(self.block(node, item, from_file) for item in items or [])

    def block(self, node, item, from_file):
        kind = item.get("type")
        if kind == "paragraph":
            return f"<p>{self.inline(node, item.get('inlineContent'), from_file)}</p>"
        if kind == "heading":
            level = min(max(int(item.get("level", 2)), 2), 6)
            anchor = html.escape(item.get("anchor", ""))
            return f'<h{level} id="{anchor}">{html.escape(item["text"])}</h{level}>'
        if kind == "codeListing":
            return f"<pre><code>{html.escape(chr(10).join(item.get('code', [])))}</code></pre>"
        if kind in ("unorderedList", "orderedList"):
            tag = "ul" if kind == "unorderedList" else "ol"
            rows = "".join(f"<li>{self.blocks(node, entry.get('content'), from_file)}</li>" for entry in item["items"])
            return f"<{tag}>{rows}</{tag}>"
        if kind == "aside":
            style = html.escape(item.get("style", "note"))
            name = html.escape(item.get("name") or item.get("style", "Note").capitalize())
            return f'<aside class="{style}"><p class="name">{name}</p>{self.blocks(node, item.get("content"), from_file)}</aside>'
        if kind == "table":
            rows = item.get("rows", [])
            out = []
            for index, row in enumerate(rows):
                cell = "th" if index == 0 and item.get("header") == "row" else "td"
                out.append("<tr>" + "".join(f"<{cell}>{self.blocks(node, c, from_file)}</{cell}>" for c in row) + "</tr>")
            return "<table>" + "".join(out) + "</table>"
        if kind == "termList":
            entries = "".join(
                f"<dt>{self.inline(node, entry['term']['inlineContent'], from_file)}</dt>"
                f"<dd>{self.blocks(node, entry['definition']['content'], from_file)}</dd>"
                for entry in item["items"])
            return f"<dl>{entries}</dl>"
        if kind == "thematicBreak":
            return "<hr>"
        if kind == "small":
            return f"<p><small>{self.inline(node, item.get('inlineContent'), from_file)}</small></p>"
        return self.unsupported_content(from_file, "block", kind)

    # Declarations

    def declaration(self, node, tokens, from_file):
        out = []
        for token in tokens:
            text = html.escape(token["text"])
            kind = token["kind"]
            if kind == "keyword":
                out.append(f'<span class="kw">{text}</span>')
            elif kind == "attribute":
                out.append(f'<span class="attr">{text}</span>')
            elif kind == "typeIdentifier" and token.get("identifier"):
                link, _ = self.reference_link(node, token["identifier"], from_file, token["text"])
                out.append(f'<a class="type" href="{html.escape(link)}">{text}</a>' if link else f'<span class="type">{text}</span>')
            elif kind == "typeIdentifier":
                out.append(f'<span class="type">{text}</span>')
            elif kind == "identifier":
                out.append(f"<strong>{text}</strong>")
            else:
                out.append(text)
        return '<pre class="declaration"><code>' + "".join(out) + "</code></pre>"

    # Sections

    def topic_list(self, node, identifiers, from_file):
        out = []
        for identifier in identifiers:
            reference = node.get("references", {}).get(identifier, {})
            link, title = self.reference_link(node, identifier, from_file)
            label = self.title_html(reference, title)
            heading = f'<a href="{html.escape(link)}">{label}</a>' if link else label
            summary = self.inline(node, reference.get("abstract"), from_file)
            out.append(f'<div class="topic"><div class="title">{heading}</div><p class="summary">{summary}</p></div>')
        return "\n".join(out)

    def sections(self, node, sections, title, from_file):
        if not sections:
            return ""
        out = [f"<h2>{html.escape(title)}</h2>"]
        for section in sections:
            if section.get("title"):
                anchor = html.escape(section.get("anchor", ""))
                out.append(f'<h3 id="{anchor}">{html.escape(section["title"])}</h3>')
            if section.get("abstract"):
                out.append(f"<p>{self.inline(node, section['abstract'], from_file)}</p>")
            out.append(self.topic_list(node, section.get("identifiers", []), from_file))
        return "\n".join(out)

    def primary(self, node, section, from_file):
        kind = section.get("kind")
        if kind == "declarations":
            return "\n".join(self.declaration(node, d["tokens"], from_file) for d in section["declarations"])
        if kind == "content":
            return self.blocks(node, section.get("content"), from_file)
        if kind == "parameters":
            entries = "".join(
                f"<dt>{html.escape(p['name'])}</dt><dd>{self.blocks(node, p.get('content'), from_file)}</dd>"
                for p in section["parameters"])
            return f'<h2 id="parameters">Parameters</h2><dl class="parameters">{entries}</dl>'
        if kind == "mentions":
            return "<h2>Mentioned in</h2>" + self.topic_list(node, section["mentions"], from_file)
        return self.unsupported_content(from_file, "section", kind)

    # Pages

    def render(self, identifier):
        node = self.pages[identifier]
        from_file = self.files[identifier]
        metadata = node.get("metadata", {})
        title = metadata.get("title", identifier)
        crumbs = [f'<a href="{html.escape(self.href("index.html", from_file))}">Documentation</a>']
        paths = node.get("hierarchy", {}).get("paths") or [[]]
        for parent in paths[0]:
            link, parent_title = self.reference_link(node, parent, from_file)
            crumbs.append(f'<a href="{html.escape(link)}">{html.escape(parent_title)}</a>' if link else html.escape(parent_title))
        crumbs.append(html.escape(title))
        body = [
            f'<nav class="crumbs">{" › ".join(crumbs)}</nav>',
            f'<p class="role">{html.escape(metadata.get("roleHeading", ""))}</p>',
            f"<h1>{html.escape(title)}</h1>",
        ]
        if node.get("deprecationSummary"):
            body.append(f'<aside class="warning"><p class="name">Deprecated</p>{self.blocks(node, node["deprecationSummary"], from_file)}</aside>')
        if node.get("abstract"):
            body.append(f'<p class="abstract">{self.inline(node, node["abstract"], from_file)}</p>')
        for section in node.get("primaryContentSections", []):
            body.append(self.primary(node, section, from_file))
        body.append(self.sections(node, node.get("topicSections"), "Topics", from_file))
        body.append(self.sections(node, node.get("relationshipsSections"), "Relationships", from_file))
        body.append(self.sections(node, node.get("defaultImplementationsSections"), "Default Implementations", from_file))
        body.append(self.sections(node, node.get("seeAlsoSections"), "See Also", from_file))
        modules = ", ".join(m["name"] for m in metadata.get("modules", []))
        page_title = f"{title} | {modules}" if modules and modules != title else title
        self.write(from_file, page_title, "\n".join(part for part in body if part))

    def write(self, file, title, body):
        home = html.escape(self.href("index.html", file))
        page = (
            '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
            '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{html.escape(title)}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n"
            f'<header><a href="{home}">Braid documentation</a></header>\n<main>\n{body}\n</main>\n</body>\n</html>\n'
        )
        target = self.out / file
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(page)

    def landing(self):
        modules = sorted(
            (node["metadata"].get("title", identifier), identifier)
            for identifier, node in self.pages.items()
            if node["metadata"].get("role") == "collection")
        entries = []
        for title, identifier in modules:
            node = self.pages[identifier]
            link = self.href(self.files[identifier], "index.html")
            summary = self.inline(node, node.get("abstract"), "index.html")
            entries.append(f'<div class="topic"><div class="title"><a href="{html.escape(link)}"><code>{html.escape(title)}</code></a></div><p class="summary">{summary}</p></div>')
        body = (
            "<h1>Braid documentation</h1>\n"
            f'<p class="abstract">The reference and articles of Braid’s {len(modules)} public modules, '
            "written from their DocC catalogs and symbol graphs by <code>Scripts/docs.sh</code>.</p>\n"
            "<h2>Modules</h2>\n" + "\n".join(entries))
        self.write("index.html", "Braid documentation", body)


def main(argv):
    if len(argv) < 3 or argv[1] in ("-h", "--help"):
        print(__doc__.strip().split("\n\n")[1].strip(), file=sys.stderr)
        return 2
    site = Site(argv[1])
    for archive in argv[2:]:
        site.load(archive)
    for identifier in site.pages:
        site.render(identifier)
    site.landing()
    print(f"docs-site: wrote {len(site.pages) + 1} pages to {argv[1]} (open {os.path.join(argv[1], 'index.html')})")
    for file, level, kind in site.unsupported:
        print(f"docs-site: {file}: {level} content of kind '{kind}' is not rendered", file=sys.stderr)
    for file, target in site.broken:
        print(f"docs-site: {file}: no page for the link to {target}", file=sys.stderr)
    return 1 if site.unsupported or site.broken else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
