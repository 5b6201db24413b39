# Kassa: one image, two roles (KASSA_ROLE=serve for the API and pages, KASSA_ROLE=work for the workers).
# Nothing is downloaded from outside the registries: the base image comes from the Docker registry,
# npm packages from the npm registry through `npm ci` (package-lock.json), the label font from Debian's.
# No browser in the image (Chromium is only for the browser tests).

FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev --no-audit --no-fund --json=false

FROM node:22-bookworm-slim
# Labels print Latvian, Lithuanian, Polish and Cyrillic names in DejaVu Sans (src/shipping/labels/fonts.ts).
RUN apt-get update \
 && apt-get install -y --no-install-recommends fonts-dejavu-core \
 && rm -rf /var/lib/apt/lists/*
ENV NODE_ENV=production \
    PORT=8080 \
    HOST=0.0.0.0 \
    KASSA_DATA_DIR=/var/lib/kassa
WORKDIR /app
COPY --from=build --chown=root:root /app/package.json /app/package-lock.json ./
COPY --from=build --chown=root:root /app/node_modules ./node_modules
COPY --from=build --chown=root:root /app/dist ./dist
COPY --from=build --chown=root:root /app/migrations ./migrations
COPY --from=build --chown=root:root /app/README.md ./README.md
COPY --from=build --chown=root:root /app/docs ./docs
# The code belongs to root and is read-only to the server; only the data directory is writable.
RUN mkdir -p /var/lib/kassa && chown node:node /var/lib/kassa
USER node
EXPOSE 8080
# /readyz answers 200 when the database does; checked with node itself (the image has no curl).
# A worker (KASSA_ROLE=work) serves no HTTP: compose turns this check off for it.
HEALTHCHECK --interval=10s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||8080)+'/readyz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
CMD ["node", "--enable-source-maps", "--max-semi-space-size=16", "dist/main.js"]
