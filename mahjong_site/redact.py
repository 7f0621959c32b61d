"""A table's tokens are its keys (/tables/<view>/, /tables/e/<edit>/): a log is read by more
people, and kept longer, than the links are. Both logs (gunicorn's access log, Django's own)
write paths with the tokens replaced by "…"."""

import logging
import re

TABLE_TOKEN = re.compile(r"(/tables/(?:e/)?)(?!new(?![^/?#\s\"]))[^/?#\s\"]+")


def without_tokens(value):
    return TABLE_TOKEN.sub(r"\1…", value) if isinstance(value, str) else value


class TokenFreeRecords(logging.Filter):
    """Django's log records ("Not Found: /tables/e/<token>/") with the tokens replaced."""

    def filter(self, record):
        record.msg = without_tokens(record.msg)
        if isinstance(record.args, tuple):
            record.args = tuple(without_tokens(arg) for arg in record.args)
        return True
