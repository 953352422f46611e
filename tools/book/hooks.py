# SPDX-License-Identifier: MIT
"""mkdocs hooks for the book (mkdocs.yml): links from docs/ to the repository.

A page may link to a source file as the repository lays it out, e.g.
[trapdoor.py](../tools/gdb/trapdoor.py) from docs/debugging.md, which is what a
reader on a forge or in an editor follows. In the site such a link goes:
  - with extra.source_url set (mkdocs.yml, the one place): to that URL plus
    the file's path in the repository;
  - without it: to a copy of the file the site carries, under src/.
A link to a file that does not exist is left alone, and mkdocs --strict fails on it.
"""

import os
import re

from mkdocs.structure.files import File

# A Markdown link or image target: ](target) or ](target#anchor), outside code.
LINK = re.compile(r"(\]\()([^)\s#]+)(#[^)\s]*)?(\))")
FENCE = re.compile(r"^(```|~~~).*?^\1", re.S | re.M)
SRC = "src"


def _root(config):
    return os.path.dirname(os.path.abspath(config["config_file_path"]))


def _outside(config, page_src, url):
    """The repository path a page's link names, if it leaves docs/; else None."""
    if re.match(r"[a-zA-Z][a-zA-Z0-9+.-]*:", url) or url.startswith("/"):
        return None
    docs = os.path.abspath(config["docs_dir"])
    path = os.path.normpath(os.path.join(os.path.dirname(page_src), url))
    if path == docs or path.startswith(docs + os.sep):
        return None
    rel = os.path.relpath(path, _root(config))
    if rel.startswith(".." + os.sep) or not os.path.isfile(path):
        return None
    return rel.replace(os.sep, "/")


def _links(config, page_src, markdown, fix):
    """markdown with fix(match, repo_path) applied to each link that leaves docs/,
    fenced code untouched."""
    def one(m):
        rel = _outside(config, page_src, m.group(2))
        return m.group(0) if rel is None else fix(m, rel)
    out, pos = [], 0
    for code in FENCE.finditer(markdown):
        out.append(LINK.sub(one, markdown[pos:code.start()]))
        out.append(code.group(0))
        pos = code.end()
    out.append(LINK.sub(one, markdown[pos:]))
    return "".join(out)


def on_files(files, config):
    """Without a source_url: each repository file a page links to, copied to src/."""
    if config["extra"].get("source_url"):
        return files
    wanted = set()
    for f in files.documentation_pages():
        with open(f.abs_src_path, encoding="utf-8") as fh:
            _links(config, f.abs_src_path, fh.read(),
                   lambda m, rel: wanted.add(rel) or m.group(0))
    for rel in sorted(wanted):
        path = os.path.join(_root(config), rel)
        if hasattr(File, "generated"):	# mkdocs 1.6 (Debian 13)
            copy = File.generated(config, SRC + "/" + rel, abs_src_path=path)
        else:				# mkdocs 1.4 (Debian 12)
            copy = File(SRC + "/" + rel, config["docs_dir"], config["site_dir"],
                        config["use_directory_urls"])
            copy.abs_src_path = path
        files.append(copy)
    return files


def on_page_markdown(markdown, page, config, files):
    base = config["extra"].get("source_url") or ""
    docs = os.path.abspath(config["docs_dir"])

    def fix(m, rel):
        if base:
            target = base.rstrip("/") + "/" + rel
        else:
            here = os.path.dirname(os.path.relpath(page.file.abs_src_path, docs))
            target = os.path.relpath(os.path.join(SRC, rel), here or ".").replace(os.sep, "/")
        return m.group(1) + target + (m.group(3) or "") + m.group(4)

    return _links(config, page.file.abs_src_path, markdown, fix)
