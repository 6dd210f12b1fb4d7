# syntax=docker/dockerfile:1
# SSO identity service: Bun + Elysia. Build: docker build -t sso . ; run: docker run -p 3000:3000 -v sso-data:/data sso

# ---- dependencies (production only) ------------------------------------------
FROM oven/bun:1.4-slim AS deps
WORKDIR /app
# The repo ships an npm package-lock.json; bun migrates it on install so versions stay pinned.
COPY package.json package-lock.json ./
RUN bun install --production --ignore-scripts

# ---- runtime -----------------------------------------------------------------
FROM oven/bun:1.4-slim
WORKDIR /app
# The token signer (SSO_SIGNER=auto picks openssl) opens the system's OpenSSL 3 libcrypto.so.3
# through bun:ffi. Debian 12 packages it as libssl3, Debian 13 as libssl3t64: install whichever the
# base has (a no-op when already there). The build checks below that the signer can open it.
RUN apt-get update \
 && (apt-get install -y --no-install-recommends libssl3 || apt-get install -y --no-install-recommends libssl3t64) \
 && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    PORT=3000 \
    SSO_DATA_DIR=/data

COPY --from=deps --chown=bun:bun /app/node_modules ./node_modules
COPY --chown=bun:bun package.json package-lock.json tsconfig.json ./
COPY --chown=bun:bun src ./src
COPY --chown=bun:bun adapters ./adapters
COPY --chown=bun:bun console ./console
# The pre-built empty embedded database (adapters/postgres/embedded.ts): first starts skip initdb.
# The admin console's bundle (console/build.ts) is built here too.
RUN bun adapters/postgres/embedded.ts && bun console/build.ts && chown -R bun:bun node_modules/.cache
# Fails the build if libcrypto.so.3 is missing or lacks a symbol the OpenSSL signer binds.
RUN bun -e 'const { openOpenSsl } = await import("./src/features/tokens/openssl.ts"); const o = openOpenSsl("libcrypto.so.3"); console.log("signer library:", o.version); o.close();'

RUN mkdir -p /data && chown bun:bun /data
VOLUME /data

USER bun
EXPOSE 3000

HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 \
  CMD bun -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1)).catch(()=>process.exit(1))"

CMD ["bun", "src/main.ts"]
