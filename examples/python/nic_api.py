#!/usr/bin/python3
"""A small HTTP service, as a WLAN Pi backend would run it: the adapters of
this machine as JSON, straight from libmultigig (no ethtool, ip or lspci).

    nic_api.py [--host 127.0.0.1] [--port 8080] [--sysfs-root DIR]

    GET /api/nics         every adapter (as `multigig list --json`)
    GET /api/nics/IFACE   one adapter (as `multigig show IFACE --json`, identity part)
"""
import argparse
import json
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import unquote

import multigig


class Handler(BaseHTTPRequestHandler):
    sysfs_root = None

    def _send(self, status, body):
        data = json.dumps(body, indent=2).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):  # noqa: N802 (http.server's naming)
        parts = [unquote(p) for p in self.path.split("?")[0].strip("/").split("/")]
        try:
            # One context per request: contexts are not shared between threads.
            with multigig.Context(self.sysfs_root) as ctx:
                if parts == ["api", "nics"]:
                    return self._send(200, [nic.to_dict() for nic in ctx.nics()])
                if len(parts) == 3 and parts[:2] == ["api", "nics"]:
                    return self._send(200, ctx.nic(parts[2]).to_dict(detail=True))
        except FileNotFoundError as err:
            return self._send(404, {"error": err.strerror})
        except OSError as err:
            return self._send(500, {"error": err.strerror})
        return self._send(404, {"error": "no such endpoint: %s" % self.path})

    def log_message(self, fmt, *args):
        pass


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8080)
    parser.add_argument("--sysfs-root")
    args = parser.parse_args()
    Handler.sysfs_root = args.sysfs_root
    server = ThreadingHTTPServer((args.host, args.port), Handler)
    print("listening on http://%s:%d/api/nics" % server.server_address[:2], flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
