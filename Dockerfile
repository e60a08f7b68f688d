# syntax=docker/dockerfile:1
# One runtime image for the api, the worker and the one-shot migrate (they differ in command), built
# from the monorepo in stages:
#   build        every dependency, compiles the libs, apps and the web app;
#   prod-deps    production dependencies only (no React, no embedded PostgreSQL, no test tools);
#   stripe-local the Stripe double of compose's `local` profile, an image of its own (`--target stripe-local`);
#   runtime      the compiled output and prod-deps' node_modules, run as the unprivileged `node` user:
#                no test tool, test folder or mail catcher (test/ops/compose.e2e-spec.ts checks).
# Node 24 (active LTS); `--build-arg NODE_IMAGE=node:22-bookworm-slim` for Node 22.
ARG NODE_IMAGE=node:24-bookworm-slim

FROM ${NODE_IMAGE} AS base
WORKDIR /app
# The lockfile's "allowScripts" (which install scripts may run) is read by npm 11; the image's
# bundled npm may be older.
RUN npm install -g npm@11.19.1 --no-fund --no-audit
# Manifests first, so dependency layers are cached across source changes.
COPY package.json package-lock.json ./
COPY apps/api/package.json apps/api/
COPY apps/worker/package.json apps/worker/
COPY apps/web/package.json apps/web/
COPY libs/contracts/package.json libs/contracts/
COPY libs/domain/package.json libs/domain/
COPY libs/database/package.json libs/database/
COPY libs/events/package.json libs/events/
COPY libs/platform/package.json libs/platform/
COPY libs/accounts/package.json libs/accounts/
COPY libs/records/package.json libs/records/
COPY libs/applications/package.json libs/applications/
COPY libs/billing/package.json libs/billing/
COPY libs/documents/package.json libs/documents/
COPY tools/local-stack/package.json tools/local-stack/
COPY tools/mail-catcher/package.json tools/mail-catcher/
COPY tools/stripe-local/package.json tools/stripe-local/
COPY tools/test-env/package.json tools/test-env/

FROM base AS build
RUN npm ci --no-fund --no-audit
COPY . .
# Then /out gathers what the runtime needs of each workspace: its manifest and its compiled output.
RUN npm run build \
  && mkdir /out \
  && for d in libs/* apps/api apps/worker tools/stripe-local; do \
       mkdir -p "/out/$d" && cp "$d/package.json" "/out/$d/" && cp -r "$d/dist" "/out/$d/dist"; \
     done \
  && mkdir -p /out/apps/web && cp -r apps/web/dist /out/apps/web/dist \
  && find /out -name '*.tsbuildinfo' -delete \
  && mkdir -p /local-tools/tools && mv /out/tools/stripe-local /local-tools/tools/ && rm -r /out/tools

FROM base AS prod-deps
RUN npm ci --omit=dev --no-fund --no-audit && npm cache clean --force

# The Stripe-compatible test server (tools/stripe-local), for `docker compose --profile local` only.
FROM ${NODE_IMAGE} AS stripe-local
WORKDIR /app
ENV NODE_ENV=production
COPY package.json ./
COPY --from=prod-deps /app/node_modules ./node_modules
COPY --from=build /local-tools ./
RUN mkdir -p /app/.data && chown node:node /app/.data
USER node
EXPOSE 12111
CMD ["node", "tools/stripe-local/dist/main.js"]

FROM ${NODE_IMAGE} AS runtime
WORKDIR /app
ENV NODE_ENV=production
# As libs/platform/src/process-env.ts: argon2's 19 MiB blocks are reused, not kept per thread,
# and V8's heap stays close to what is alive (test/ops/compose.e2e-spec.ts checks both are here).
ENV MALLOC_ARENA_MAX=1
ENV NODE_OPTIONS=--max-old-space-size=512
# The API listens on every address of the container: its proxy, load balancer and probes come from
# outside it (the default, localhost, is for a developer's machine).
ENV HOST=0.0.0.0
# npm is not used at run time: without it the image is smaller and has less to patch.
RUN rm -rf /usr/local/lib/node_modules/npm /usr/local/lib/node_modules/corepack \
    /usr/local/bin/npm /usr/local/bin/npx /usr/local/bin/corepack \
  && mkdir -p /app/.data/documents && chown -R node:node /app/.data
COPY package.json ./
COPY --from=prod-deps /app/node_modules ./node_modules
# The workspace links of the tools (test-env, mail-catcher, local-stack, stripe-local) would point at
# folders the image does not have.
RUN rm -f node_modules/@rxbridge/test-env node_modules/@rxbridge/mail-catcher \
    node_modules/@rxbridge/local-stack node_modules/@rxbridge/stripe-local
COPY --from=build /out ./
USER node
EXPOSE 3000
# The API's liveness, which asks no dependency: a PostgreSQL or Redis blink must not mark every API
# container unhealthy (docs/architecture.md §1 Probes). The worker serves no HTTP here: docker-compose.yml
# gives it its own check (its liveness file) and the migrate job none (README.md, Docker).
HEALTHCHECK --interval=15s --timeout=5s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/v1/health/live').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
CMD ["node", "apps/api/dist/main.js"]
