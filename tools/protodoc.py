"""The API reference of the docs site, generated from the protos' own comments.

    .venv/bin/python tools/protodoc.py OUT_DIR        # writes OUT_DIR/index.md and a page per file

It compiles protos/olympus/v1/*.proto with grpc_tools' protoc into a temporary descriptor set
with source info (the committed *_pb2 modules carry no comments), then writes one Markdown page
per proto file: its services and their methods, its messages and their fields, its enums and
their values, each with its comment. Type names link to where the type is described.

The same file is the docs site's mkdocs hook (mkdocs.yml, `hooks:`): before every build it
writes the pages into docs/api/ (git-ignored) and lists them in the nav under "API reference",
so the reference is made from the protos of the checkout being built and cannot drift.
"""

from __future__ import annotations

import argparse
import os
import re
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from google.api import field_behavior_pb2  # type: ignore[import-untyped]
from google.protobuf import descriptor_pb2

ROOT = Path(__file__).resolve().parent.parent
PROTOS = ROOT / "protos"
PACKAGE_DIR = PROTOS / "olympus" / "v1"
NAV_SECTION = "API reference"

# Where a definition's comments sit in SourceCodeInfo: the path of field numbers from the file
# down to it (descriptor.proto: FileDescriptorProto.message_type = 4, enum_type = 5, service =
# 6; DescriptorProto.field = 2, nested_type = 3, enum_type = 4; EnumDescriptorProto.value = 2;
# ServiceDescriptorProto.method = 2).
FILE_MESSAGE, FILE_ENUM, FILE_SERVICE = 4, 5, 6
MESSAGE_FIELD, MESSAGE_NESTED, MESSAGE_ENUM = 2, 3, 4
ENUM_VALUE, SERVICE_METHOD = 2, 2

FDP = descriptor_pb2.FieldDescriptorProto
SCALARS = {
    getattr(FDP, name): name.removeprefix("TYPE_").lower()
    for name in FDP.Type.keys()  # noqa: SIM118 (an enum wrapper, not a dict)
    if name not in ("TYPE_MESSAGE", "TYPE_ENUM", "TYPE_GROUP")
}


class ProtoDocError(RuntimeError):
    """The protos could not be compiled into a descriptor set."""


def compile_protos(protos: Path = PROTOS) -> descriptor_pb2.FileDescriptorSet:
    """protoc over the package's files, with comments kept (--include_source_info)."""
    import grpc_tools  # type: ignore[import-untyped]
    from grpc_tools import protoc

    well_known = Path(grpc_tools.__file__).parent / "_proto"
    files = sorted(str(p.relative_to(protos)) for p in (protos / "olympus" / "v1").glob("*.proto"))
    if not files:
        raise ProtoDocError(f"no .proto files under {protos / 'olympus' / 'v1'}")
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "olympus.desc"
        status = protoc.main(
            [
                "protoc",
                f"-I{protos}",
                f"-I{well_known}",
                "--include_source_info",
                "--include_imports",
                f"--descriptor_set_out={out}",
                *files,
            ]
        )
        if status != 0 or not out.exists():
            raise ProtoDocError(f"protoc failed (status {status}) on {', '.join(files)}")
        return descriptor_pb2.FileDescriptorSet.FromString(out.read_bytes())


# --- comments -----------------------------------------------------------------------------------


def _comments(file: descriptor_pb2.FileDescriptorProto) -> dict[tuple[int, ...], str]:
    found: dict[tuple[int, ...], str] = {}
    for loc in file.source_code_info.location:
        text = "\n".join(
            part for part in (loc.leading_comments, loc.trailing_comments) if part.strip()
        )
        if text.strip():
            found[tuple(loc.path)] = _dedent(text)
    return found


def _dedent(comment: str) -> str:
    """protoc keeps the space after `//`: drop one leading space per line, and the edges."""
    lines = [line[1:] if line.startswith(" ") else line for line in comment.splitlines()]
    return "\n".join(lines).strip()


CODE_SPAN = re.compile(r"(`[^`\n]*`)")


def _escape(text: str, pipes: bool = False) -> str:
    """Comment text as Markdown that reads as written: outside `code`, angle brackets are not
    HTML (and, in a table cell, a pipe is not a column); a leading `#` is not a heading."""
    parts = CODE_SPAN.split(text)
    for i in range(0, len(parts), 2):  # the even parts are outside code spans
        plain = parts[i].replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        parts[i] = plain.replace("|", "\\|") if pipes else plain
    escaped = "".join(parts)
    return "\n".join("\\" + line if line.startswith("#") else line for line in escaped.splitlines())


def _cell(text: str) -> str:
    """A comment inside a table cell: on one line, a list's items each after a line break."""
    out = ""
    for line in text.splitlines():
        line = _escape(" ".join(line.split()), pipes=True)
        if not line:
            continue
        out += ("<br>" if out and line.startswith("- ") else " " if out else "") + line
    return out


def _block(text: str) -> str:
    """A comment as Markdown paragraphs. Lines indented under a list item continue it; other
    indented runs are laid out by hand (a table of clock kinds, a grammar) and are kept as they
    are, in a text block. A list after a line of prose gets the blank line Markdown needs."""
    out: list[str] = []
    laid_out: list[str] = []
    in_list = False

    def flush() -> None:
        if laid_out:
            out.extend(["", "```text", *laid_out, "```", ""])
            laid_out.clear()

    for line in text.splitlines():
        indented = line.startswith("  ") and bool(line.strip())
        if indented and not in_list:
            laid_out.append(line)
            continue
        flush()
        item = line.lstrip().startswith(("- ", "* "))
        if item and out and out[-1].strip() and not in_list:
            out.append("")
        in_list = item or (in_list and indented)
        out.append(_escape(line))
    flush()
    return "\n".join(out).strip("\n")


# --- the model -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Definition:
    kind: str  # "message" or "enum"
    full_name: str  # olympus.v1.GameView.Seat
    page: str  # game.md
    proto: Any  # DescriptorProto or EnumDescriptorProto
    path: tuple[int, ...]
    package: str  # olympus.v1

    @property
    def short(self) -> str:
        """The name within the package: GameView.Seat."""
        return self.full_name.removeprefix(f"{self.package}.")

    @property
    def anchor(self) -> str:
        return self.full_name.replace(".", "-")


def _walk(file: descriptor_pb2.FileDescriptorProto, page: str) -> Iterator[Definition]:
    def messages(protos: Any, prefix: str, path: tuple[int, ...]) -> Iterator[Definition]:
        for i, message in enumerate(protos):
            here = (*path, i)
            name = f"{prefix}.{message.name}"
            if message.options.map_entry:
                continue  # map<K, V>: shown as the map type on its field
            yield Definition("message", name, page, message, here, file.package)
            yield from messages(message.nested_type, name, (*here, MESSAGE_NESTED))
            yield from enums(message.enum_type, name, (*here, MESSAGE_ENUM))

    def enums(protos: Any, prefix: str, path: tuple[int, ...]) -> Iterator[Definition]:
        for i, enum in enumerate(protos):
            yield Definition("enum", f"{prefix}.{enum.name}", page, enum, (*path, i), file.package)

    yield from messages(file.message_type, file.package, (FILE_MESSAGE,))
    yield from enums(file.enum_type, file.package, (FILE_ENUM,))


def _page_name(file: descriptor_pb2.FileDescriptorProto) -> str:
    return Path(file.name).stem + ".md"


class Reference:
    """Every definition of the package's files, to render and to link to."""

    def __init__(self, descriptors: descriptor_pb2.FileDescriptorSet) -> None:
        self.files = [f for f in descriptors.file if f.name.startswith("olympus/")]
        self.definitions: dict[str, Definition] = {}
        self.map_entries: dict[str, descriptor_pb2.DescriptorProto] = {}
        for file in self.files:
            for d in _walk(file, _page_name(file)):
                self.definitions[d.full_name] = d
                for nested in getattr(d.proto, "nested_type", ()):
                    if nested.options.map_entry:
                        self.map_entries[f"{d.full_name}.{nested.name}"] = nested

    def type_link(self, type_name: str, page: str) -> str:
        """A field's or method's type as a link to where it is described (or plain code)."""
        name = type_name.lstrip(".")
        d = self.definitions.get(name)
        if d is None:
            return f"`{name}`"  # a well-known or imported type (google.protobuf.Timestamp)
        target = f"#{d.anchor}" if d.page == page else f"{d.page}#{d.anchor}"
        return f"[`{d.short}`]({target})"

    def field_type(self, field: descriptor_pb2.FieldDescriptorProto, page: str) -> str:
        if field.type_name.lstrip(".") in self.map_entries:
            entry = self.map_entries[field.type_name.lstrip(".")]
            key, value = entry.field
            return f"map&lt;{self._plain(key, page)}, {self._plain(value, page)}&gt;"
        shown = self._plain(field, page)
        if field.label == FDP.LABEL_REPEATED:
            return f"repeated {shown}"
        if field.proto3_optional:
            return f"optional {shown}"
        return shown

    def _plain(self, field: descriptor_pb2.FieldDescriptorProto, page: str) -> str:
        if field.type in (FDP.TYPE_MESSAGE, FDP.TYPE_ENUM):
            return self.type_link(field.type_name, page)
        return f"`{SCALARS[field.type]}`"


# --- the pages -----------------------------------------------------------------------------------


def render_file(ref: Reference, file: descriptor_pb2.FileDescriptorProto) -> str:
    page = _page_name(file)
    notes = _comments(file)
    out = [
        f"# {Path(file.name).name}",
        "",
        f"Package `{file.package}`, file `protos/{file.name}`. Generated from the file's comments "
        "by `tools/protodoc.py` at every build of this site: do not edit.",
        "",
    ]
    for i, service in enumerate(file.service):
        out += _service(ref, file, service, notes, (FILE_SERVICE, i), page)
    defs = [d for d in ref.definitions.values() if d.page == page]
    messages = [d for d in defs if d.kind == "message"]
    enums = [d for d in defs if d.kind == "enum"]
    if messages:
        out += ["## Messages", ""]
        for d in messages:
            out += _message(ref, d, notes, page)
    if enums:
        out += ["## Enums", ""]
        for d in enums:
            out += _enum(d, notes)
    return "\n".join(out).rstrip() + "\n"


def _service(
    ref: Reference,
    file: descriptor_pb2.FileDescriptorProto,
    service: descriptor_pb2.ServiceDescriptorProto,
    notes: dict[tuple[int, ...], str],
    path: tuple[int, ...],
    page: str,
) -> list[str]:
    full = f"{file.package}.{service.name}"
    out = [f"## {service.name} {{ #{full.replace('.', '-')} }}", ""]
    if path in notes:
        out += [_block(notes[path]), ""]
    out += ["| method | request | response |", "| --- | --- | --- |"]
    for method in service.method:
        request = ("stream " if method.client_streaming else "") + ref.type_link(
            method.input_type, page
        )
        response = ("stream " if method.server_streaming else "") + ref.type_link(
            method.output_type, page
        )
        out.append(
            f"| [`{method.name}`](#{full.replace('.', '-')}-{method.name}) "
            f"| {request} | {response} |"
        )
    out.append("")
    for i, method in enumerate(service.method):
        out += [
            f"### {service.name}.{method.name} {{ #{full.replace('.', '-')}-{method.name} }}",
            "",
        ]
        shape = f"`rpc {method.name}({method.input_type.lstrip('.').rsplit('.', 1)[-1]}) returns ("
        shape += "stream " if method.server_streaming else ""
        shape += f"{method.output_type.lstrip('.').rsplit('.', 1)[-1]})`"
        out += [shape + (" *(deprecated)*" if method.options.deprecated else ""), ""]
        note = notes.get((*path, SERVICE_METHOD, i))
        out += [_block(note) if note else "*(no comment in the proto)*", ""]
    return out


def _message(
    ref: Reference, d: Definition, notes: dict[tuple[int, ...], str], page: str
) -> list[str]:
    out = [f"### {d.short} {{ #{d.anchor} }}", ""]
    if d.path in notes:
        out += [_block(notes[d.path]), ""]
    fields = list(d.proto.field)
    if not fields:
        return [*out, "*(no fields)*", ""]
    out += ["| field | number | type | description |", "| --- | --- | --- | --- |"]
    oneofs = [o.name for o in d.proto.oneof_decl]
    for i, field in enumerate(fields):
        about = notes.get((*d.path, MESSAGE_FIELD, i), "")
        extra = []
        if field.HasField("oneof_index") and not field.proto3_optional:
            extra.append(f"one of `{oneofs[field.oneof_index]}`")
        extra += _behaviour(field)
        if field.options.deprecated:
            extra.append("deprecated")
        prefix = f"*({', '.join(extra)})* " if extra else ""
        out.append(
            f"| `{field.name}` | {field.number} | {ref.field_type(field, page)} "
            f"| {prefix}{_cell(about)} |"
        )
    return [*out, ""]


def _behaviour(field: descriptor_pb2.FieldDescriptorProto) -> list[str]:
    """The field's `(google.api.field_behavior)` marks, as words: "optional", "output only"."""
    marks = field.options.Extensions[field_behavior_pb2.field_behavior]
    names = field_behavior_pb2.FieldBehavior.Name
    return [names(mark).lower().replace("_", " ") for mark in marks]


def _enum(d: Definition, notes: dict[tuple[int, ...], str]) -> list[str]:
    out = [f"### {d.short} {{ #{d.anchor} }}", ""]
    if d.path in notes:
        out += [_block(notes[d.path]), ""]
    out += ["| value | number | description |", "| --- | --- | --- |"]
    for i, value in enumerate(d.proto.value):
        about = notes.get((*d.path, ENUM_VALUE, i), "")
        deprecated = "*(deprecated)* " if value.options.deprecated else ""
        out.append(f"| `{value.name}` | {value.number} | {deprecated}{_cell(about)} |")
    return [*out, ""]


def render_index(ref: Reference) -> str:
    out = [
        "# API reference",
        "",
        "The gRPC API, package `olympus.v1`, one page per file of `protos/olympus/v1/`. Every "
        "page is generated from the protos' comments by `tools/protodoc.py` whenever this site is "
        "built, so it says what the protos of this checkout say. What may change within `v1`: "
        "[API compatibility](../api-compatibility.md).",
        "",
        "| file | services | messages | enums |",
        "| --- | --- | --- | --- |",
    ]
    for file in ref.files:
        page = _page_name(file)
        defs = [d for d in ref.definitions.values() if d.page == page]
        services = ", ".join(
            f"[`{s.name}`]({page}#{file.package.replace('.', '-')}-{s.name})" for s in file.service
        )
        out.append(
            f"| [{Path(file.name).name}]({page}) | {services or '—'} "
            f"| {sum(d.kind == 'message' for d in defs)} | {sum(d.kind == 'enum' for d in defs)} |"
        )
    return "\n".join(out) + "\n"


def render(descriptors: descriptor_pb2.FileDescriptorSet) -> dict[str, str]:
    """Every page of the reference: file name -> Markdown."""
    ref = Reference(descriptors)
    pages = {"index.md": render_index(ref)}
    for file in ref.files:
        pages[_page_name(file)] = render_file(ref, file)
    return pages


def write(out_dir: Path, pages: dict[str, str]) -> list[str]:
    """Writes the pages that changed (a rewrite of an unchanged page would wake `mkdocs serve`
    again and again), removes pages of files that are gone; returns the page names in order."""
    out_dir.mkdir(parents=True, exist_ok=True)
    for stale in set(p.name for p in out_dir.glob("*.md")) - set(pages):
        (out_dir / stale).unlink()
    for name, text in pages.items():
        target = out_dir / name
        if not target.exists() or target.read_text(encoding="utf-8") != text:
            # Whole or not at all: another build reading the folder meanwhile (two checkouts'
            # tests, `mkdocs serve`) never sees half a page.
            partial = target.with_name(f".{name}.{os.getpid()}.tmp")
            partial.write_text(text, encoding="utf-8")
            os.replace(partial, target)
    return list(pages)


# --- the mkdocs hook ------------------------------------------------------------------------------


def on_config(config: Any) -> Any:
    """Before a build: the pages into <docs_dir>/api/, and each listed under "API reference"."""
    docs = Path(config["docs_dir"])
    names = write(docs / "api", render(compile_protos()))
    for item in config["nav"] or []:
        if isinstance(item, dict) and NAV_SECTION in item:
            item[NAV_SECTION] = [
                {"Overview" if n == "index.md" else Path(n).stem + ".proto": f"api/{n}"}
                for n in names
            ]
            break
    else:
        raise ProtoDocError(f"mkdocs.yml's nav has no {NAV_SECTION!r} section for the pages")
    return config


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path, help="the folder to write the pages into")
    args = parser.parse_args(argv)
    for name in write(args.out, render(compile_protos())):
        print(args.out / name)
    return 0


if __name__ == "__main__":
    sys.exit(main())
