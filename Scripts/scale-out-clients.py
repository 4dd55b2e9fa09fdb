#!/usr/bin/env python3
"""The scale-out test's clients: sign-ups through the load balancer, as real users would send them.

Usage: scale-out-clients.py HOST PORT CLIENTS RESULTS.json

Each client connects, fills in the form (`type username …`, e-mail, password, verification),
waits until the server has checked the name, and sends `submit ID` with a request id of its
own. It reads until the line that answers the submit: an `outcome` line, or an `error` line
when the form refuses (the name is taken). When the connection drops before that answer (its
server died), it connects again (the load balancer picks a live server) and sends the same
sign-up with the same request id. Every fifth client races its neighbour for one name, in
another case ("USER0001" against "user0001"), which the directory's rule makes one name.

It writes one record per client to RESULTS.json: the name, the request id, the final answer,
whether it came from the stored request id, the attempts, and the latency of the answered
submit (from `submit` sent to its answer).
"""

import asyncio
import json
import sys
import time

HOST, PORT, CLIENTS, RESULTS = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
ATTEMPTS = 8
TIMEOUT = 120  # seconds one attempt may take: a sign-up queued behind hundreds of hashes


def names(count):
    """Client i's username: every fifth races client i+1 for its name, in upper case."""
    chosen = [f"user{index:04d}" for index in range(count)]
    for index in range(0, count - 1, 5):
        chosen[index] = chosen[index + 1].upper()
    return chosen


async def attempt(name, request_id):
    """One connection's try: returns (answer line, latency) or raises ConnectionError."""
    reader, writer = await asyncio.open_connection(HOST, PORT)
    try:
        for line in (f"type username {name}", f"type email {name.lower()}@example.com",
                     "type password correct horse battery", "type verification correct horse battery"):
            writer.write((line + "\n").encode())
        await writer.drain()
        submitted = None
        while True:
            raw = await reader.readline()
            if not raw:
                raise ConnectionError("the server closed the connection before answering")
            message = json.loads(raw)
            if submitted is None:
                if message.get("type") == "state" and isinstance(message.get("usernameAvailable"), bool):
                    writer.write(f"submit {request_id}\n".encode())
                    await writer.drain()
                    submitted = time.monotonic()
                elif message.get("type") == "error":
                    return message, 0.0
                continue
            if message.get("type") in ("outcome", "error"):
                return message, time.monotonic() - submitted
    finally:
        writer.close()
        try:
            await writer.wait_closed()
        except (ConnectionError, OSError):
            pass


async def client(index, name):
    request_id = f"c{index:04d}-{time.time_ns() % 1_000_000_007:x}"
    record = {"client": index, "name": name, "requestId": request_id, "attempts": 0, "errors": []}
    for _ in range(ATTEMPTS):
        record["attempts"] += 1
        try:
            message, latency = await asyncio.wait_for(attempt(name, request_id), TIMEOUT)
        except (ConnectionError, OSError, asyncio.TimeoutError, json.JSONDecodeError) as error:
            record["errors"].append(repr(error))
            await asyncio.sleep(0.05 * record["attempts"])
            continue
        # An outcome line, or an error line refusing the submit (its check found the name
        # taken): both carry `outcome`; an error line without one is a protocol mistake.
        record.update(answer=message.get("outcome", "protocolError"), stored=message.get("stored", False),
                      latency=latency, message=message.get("message"))
        return record
    record.update(answer=None, stored=False, latency=None)
    return record


async def main():
    chosen = names(CLIENTS)
    started = time.monotonic()
    records = await asyncio.gather(*(client(index, name) for index, name in enumerate(chosen)))
    elapsed = time.monotonic() - started
    with open(RESULTS, "w") as file:
        json.dump({"elapsed": elapsed, "clients": records}, file)


asyncio.run(main())
