"""Gunicorn settings for Tenbou, from environment variables (used by scripts/serve.sh, the systemd unit and the
container). Defaults suit a 2-core machine: 3 processes of 4 threads each.

TENBOU_BIND                  address:port or unix:/path (default 127.0.0.1:8000)
TENBOU_WORKERS               processes (default 3)
TENBOU_THREADS               threads per process (default 4)
TENBOU_TIMEOUT               seconds before a silent worker is restarted (default 60; a 100-page PDF takes ~10 s)
TENBOU_FORWARDED_ALLOW_IPS   proxies whose X-Forwarded-* headers are trusted (default 127.0.0.1,::1)
TENBOU_ACCESS_LOG            1 to log every request (default 1): no client address, no user agent, with the request id
"""

import os

wsgi_app = "config.wsgi:application"
bind = os.environ.get("TENBOU_BIND", "127.0.0.1:8000").split(",")
worker_class = "gthread"
workers = int(os.environ.get("TENBOU_WORKERS", "3"))
threads = int(os.environ.get("TENBOU_THREADS", "4"))
timeout = int(os.environ.get("TENBOU_TIMEOUT", "60"))
graceful_timeout = 30
keepalive = 5
forwarded_allow_ips = os.environ.get("TENBOU_FORWARDED_ALLOW_IPS", "127.0.0.1,::1")
errorlog = "-"
accesslog = "-" if os.environ.get("TENBOU_ACCESS_LOG", "1") == "1" else None
access_log_format = '%(t)s "%(r)s" %(s)s %(B)s %(M)sms id=%({x-request-id}o)s'
# gunicorn's control socket (gunicornc) is not used; one per user would clash between two servers on one machine
control_socket_disable = True
