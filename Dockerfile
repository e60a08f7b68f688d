# One image for the api and the worker (they differ in command), built from the monorepo.
FROM node:20-bookworm AS build
WORKDIR /app
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
COPY libs/applications/package.json libs/applications/
COPY libs/billing/package.json libs/billing/
COPY libs/documents/package.json libs/documents/
COPY tools/local-stack/package.json tools/local-stack/
COPY tools/mail-catcher/package.json tools/mail-catcher/
COPY tools/stripe-local/package.json tools/stripe-local/
COPY tools/test-env/package.json tools/test-env/
RUN npm ci
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY --from=build /app /app
RUN mkdir -p /app/.data && chown node:node /app/.data
USER node
EXPOSE 3000
CMD ["node", "apps/api/dist/main.js"]
