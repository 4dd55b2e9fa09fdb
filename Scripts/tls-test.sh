#!/usr/bin/env bash
# The sign-up service behind TLS: `braid-demo serve` speaks plain text (passwords included), so
# across machines nginx's `stream` module terminates TLS in front of it. On loopback: a
# self-signed certificate made with openssl, one `serve` process, nginx with an `ssl` listener
# proxying to it, and one client that signs up through TLS, checking the server's certificate;
# a client speaking plain text to the TLS port gets no state line.
#
# Usage: Scripts/tls-test.sh WORKDIR   (BRAID_DEMO=PATH uses that braid-demo instead of building)
# Leaves the certificate, the nginx configuration and the logs in WORKDIR.
# Prints `tls ok: …` last, or exits non-zero saying what failed.
set -euo pipefail
cd "$(dirname "$0")/.."
[[ $# -ge 1 ]] || { echo "usage: $0 WORKDIR" >&2; exit 2; }
work=$(mkdir -p "$1" && cd "$1" && pwd)
demo=${BRAID_DEMO:-}
if [[ -z "$demo" ]]; then
  echo "tls: building braid-demo"
  swift build --product braid-demo >/dev/null
  demo="$(swift build --show-bin-path)/braid-demo"
fi
stream_module=/usr/lib/nginx/modules/ngx_stream_module.so
for needed in /usr/sbin/nginx "$stream_module" /usr/bin/openssl "$demo"; do
  [[ -e "$needed" ]] || { echo "tls: $needed is missing (apt-get install nginx libnginx-mod-stream openssl)" >&2; exit 1; }
done
free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
}
trap cleanup EXIT
rm -rf "$work/nginx" "$work/users.sqlite" "$work"/*.pem "$work/serve.log"
mkdir -p "$work/nginx"

# A certificate for 127.0.0.1, valid for a day: what a real deployment gets from its CA.
openssl req -x509 -newkey rsa:2048 -nodes -days 1 -subj "/CN=127.0.0.1" -addext "subjectAltName=IP:127.0.0.1" \
  -keyout "$work/key.pem" -out "$work/cert.pem" 2>/dev/null
chmod 600 "$work/key.pem"

"$demo" serve --port 0 --database "$work/users.sqlite" >"$work/serve.log" 2>&1 &
pids+=($!)
for _ in $(seq 100); do grep -q "listening" "$work/serve.log" && break; sleep 0.1; done
serve_port=$(sed -n 's/.*listening on 127.0.0.1 port \([0-9]*\).*/\1/p' "$work/serve.log")
[[ -n "$serve_port" ]] || { cat "$work/serve.log" >&2; echo "tls: serve printed no port" >&2; exit 1; }

tls_port=$(free_port)
# The configuration the article "Running a Braid service on several machines" shows.
cat >"$work/nginx/nginx.conf" <<CONF
load_module $stream_module;
worker_processes 1;
pid $work/nginx/nginx.pid;
error_log $work/nginx/error.log warn;
events { worker_connections 64; }
stream {
  upstream braid {
    server 127.0.0.1:$serve_port;
  }
  server {
    listen 127.0.0.1:$tls_port ssl;
    ssl_certificate $work/cert.pem;
    ssl_certificate_key $work/key.pem;
    ssl_protocols TLSv1.2 TLSv1.3;
    proxy_pass braid;
    proxy_timeout 10m;
  }
}
CONF
/usr/sbin/nginx -p "$work/nginx" -c "$work/nginx/nginx.conf" -e "$work/nginx/error.log" -g "daemon off;" &
pids+=($!)
for _ in $(seq 100); do
  python3 -c "import socket; socket.create_connection(('127.0.0.1', $tls_port), 0.2)" 2>/dev/null && break
  sleep 0.1
done

# One sign-up through TLS, the server's certificate checked; then plain text to the TLS port.
python3 - "$tls_port" "$work/cert.pem" <<'PY'
import json, socket, ssl, sys
port, certificate = int(sys.argv[1]), sys.argv[2]
context = ssl.create_default_context(cafile=certificate)
with socket.create_connection(("127.0.0.1", port), 10) as raw:
    with context.wrap_socket(raw, server_hostname="127.0.0.1") as tls:
        tls.settimeout(30)
        lines = ["type username tess", "type email tess@example.com", "type password correct horse",
                 "type verification correct horse", "wait 1s", "submit"]
        tls.sendall(("\n".join(lines) + "\n").encode())
        reader = tls.makefile("r", encoding="utf-8")
        welcome = None
        for line in reader:
            state = json.loads(line)
            alert = state.get("alert") or {}
            if "Welcome" in (alert.get("message") or ""):
                welcome = alert["message"]
                break
        if welcome is None:
            sys.exit("tls: the sign-up through TLS got no welcome")
        print(f"tls: {tls.version()}, {welcome}")
with socket.create_connection(("127.0.0.1", port), 10) as plain:
    plain.settimeout(10)
    plain.sendall(b"type username mallory\n")
    try:
        answer = plain.recv(4096)
    except (socket.timeout, ConnectionResetError):
        answer = b""
    if b'"type":"state"' in answer:
        sys.exit("tls: a plain-text client was served on the TLS port")
PY
sqlite3_count=$(python3 -c "import sqlite3, sys; print(sqlite3.connect(sys.argv[1]).execute('SELECT count(*) FROM users').fetchone()[0])" "$work/users.sqlite")
[[ $sqlite3_count == 1 ]] || { echo "tls: $sqlite3_count users stored, 1 expected" >&2; exit 1; }
echo "tls ok: one sign-up through nginx's TLS listener, 1 user stored"
