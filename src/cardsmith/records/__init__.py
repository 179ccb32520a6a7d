"""Game records: build, save, load and verify (replay) a finished game."""

from .record import (
    FORMAT,
    Record,
    Step,
    build_record,
    check_final,
    check_record,
    load_record,
    record_digest,
    replay_steps,
    save_record,
    start_state,
    verify,
)

__all__ = [
    "FORMAT",
    "Record",
    "Step",
    "build_record",
    "check_final",
    "check_record",
    "load_record",
    "record_digest",
    "replay_steps",
    "save_record",
    "start_state",
    "verify",
]
