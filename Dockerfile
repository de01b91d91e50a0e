# Tenbou in a container: gunicorn (deploy/gunicorn.conf.py) on port 8000, DEBUG off, static files collected at build
# time and served by WhiteNoise. compose.yaml runs it with PostgreSQL 15; docs/operators.md, "Container", tells the
# rest.
FROM python:3.11-slim-bookworm

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PY=python \
    TENBOU_BIND=0.0.0.0:8000 \
    TENBOU_COLLECTSTATIC=0 \
    TENBOU_BACKUP_DIR=/data/backups

# WeasyPrint's text layout (pango) and the PostgreSQL 15 client programs that manage.py backup/restore run.
# hadolint ignore=DL3008
RUN apt-get update \
    && apt-get install -y --no-install-recommends libpango-1.0-0 libpangoft2-1.0-0 postgresql-client-15 \
    && rm -rf /var/lib/apt/lists/* \
    && useradd --system --uid 10001 --create-home --home-dir /home/tenbou tenbou \
    && mkdir -p /data/backups \
    && chown tenbou:tenbou /data /data/backups

WORKDIR /app
COPY requirements.txt requirements-docs.txt ./
RUN pip install --no-cache-dir -r requirements.txt -r requirements-docs.txt
COPY . .
# the guides (docs/) as a site in build/help/, served by the app at /help/; then the static files
RUN python -m mkdocs build --strict \
    && DJANGO_SECRET_KEY=collectstatic-at-build-time-only DJANGO_ALLOWED_HOSTS=build \
    python manage.py collectstatic --no-input --verbosity 0

USER 10001
VOLUME ["/data"]
EXPOSE 8000
HEALTHCHECK --interval=30s --timeout=5s --start-period=30s --retries=3 \
    CMD ["python", "-c", "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/healthz', timeout=4)"]
CMD ["bash", "scripts/serve.sh"]
