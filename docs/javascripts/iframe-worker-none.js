/* Tenbou serves the guides over HTTP at /help/ (tournament/views/guides.py), where the search's web worker runs as it
   is: the iframe-worker shim, which Material's offline plugin adds from a CDN for pages opened from disk, is not
   needed. Naming this empty local file in mkdocs.yml (extra.polyfills) keeps the CDN address out of every page. */
