"""The compatibility policy's rules that buf breaking cannot check (docs/api-compatibility.md),
read off the protos' own descriptors and source comments."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

from google.protobuf.descriptor import Descriptor, FieldDescriptor, FileDescriptor

MODULES = ("accounts", "board", "catalogue", "errors", "game", "ladder", "matchmaking", "scoring")
FILES: list[FileDescriptor] = [
    importlib.import_module(f"olympus.v1.{name}_pb2").DESCRIPTOR for name in MODULES
]
PROTOS = Path(__file__).resolve().parents[2] / "protos"
TIMESTAMP = "google.protobuf.Timestamp"
# int64 fields named *_ms that are durations, not times: they stay as they are.
DURATIONS = {"remaining_ms", "bank_ms", "decision_ms", "elapsed_ms"}


def _messages(descriptors: list[Descriptor]) -> list[Descriptor]:
    out = []
    for d in descriptors:
        out.append(d)
        out.extend(_messages(list(d.nested_types)))
    return out


def _fields() -> list[tuple[Descriptor, FieldDescriptor]]:
    return [
        (message, field)
        for file in FILES
        for message in _messages(list(file.message_types_by_name.values()))
        for field in message.fields
    ]


def test_every_time_is_a_timestamp_named_time() -> None:
    for message, field in _fields():
        if field.message_type is not None and field.message_type.full_name == TIMESTAMP:
            assert field.name.endswith("_time"), f"{message.full_name}.{field.name}"


def test_every_unix_ms_time_is_deprecated_beside_its_timestamp() -> None:
    checked = 0
    for message, field in _fields():
        if not field.name.endswith("_ms") or field.name in DURATIONS:
            continue
        assert field.GetOptions().deprecated, f"{message.full_name}.{field.name} not deprecated"
        times = [
            f.name
            for f in message.fields
            if f.message_type is not None and f.message_type.full_name == TIMESTAMP
        ]
        assert times, f"{message.full_name}.{field.name} has no *_time beside it"
        checked += 1
    assert checked >= 10  # the old spellings: created_ms, created_at_ms, time_ms, ...


def test_every_deprecated_field_says_what_to_read_instead() -> None:
    deprecated = {
        (message.file.name, field.name)
        for message, field in _fields()
        if field.GetOptions().deprecated
    }
    assert deprecated
    for file_name, field_name in sorted(deprecated):
        text = (PROTOS / file_name).read_text(encoding="utf-8").splitlines()
        lines = [i for i, line in enumerate(text) if re.search(rf"\b{field_name} = \d+", line)]
        assert lines, (file_name, field_name)
        for i in lines:
            if "deprecated = true" not in text[i]:
                continue  # the same name in another message, not deprecated there
            start = i  # the field's line and the comment block just above it
            while start > 0 and text[start - 1].strip().startswith("//"):
                start -= 1
            around = " ".join(text[start : i + 1])
            assert re.search(r"read |[Ss]uperseded by|Deprecated", around), (file_name, text[i])


def test_every_proto_file_is_checked() -> None:
    assert sorted(MODULES) == sorted(p.stem for p in (PROTOS / "olympus" / "v1").glob("*.proto"))


def test_every_request_field_says_whether_it_is_required() -> None:
    """AIP-203: each field of each method's request is marked REQUIRED or OPTIONAL
    (google.api.field_behavior), so generated clients and docs can tell."""
    from google.api import field_behavior_pb2

    marks = {field_behavior_pb2.REQUIRED, field_behavior_pb2.OPTIONAL}
    unmarked = []
    for file in FILES:
        for service in file.services_by_name.values():
            for method in service.methods:
                for field in method.input_type.fields:
                    behavior = field.GetOptions().Extensions[field_behavior_pb2.field_behavior]
                    if not marks.intersection(behavior):
                        unmarked.append(f"{method.input_type.name}.{field.name}")
    assert not unmarked, unmarked
