# Images for docker-compose.yml: `app` (the api, and with the `worker` argument the Temporal worker),
# `web` (nginx in front: static build + proxy to the api) and `speech` (the speech-to-text service).

FROM node:20-bookworm AS build
WORKDIR /app
# Manifests first, so dependency layers are reused while only source changes.
COPY package.json package-lock.json ./
COPY api/package.json api/
COPY workflows/package.json workflows/
COPY packages/constants/package.json packages/constants/
COPY web/package.json web/
# `npm install` with the committed lock (versions pinned): `npm ci` refuses the lock, which lists
# only the Linux builds of platform-specific optional packages (see scripts/setup.sh).
RUN PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm install --no-audit --no-fund
COPY . .
RUN npm run build && npm prune --omit=dev

FROM node:20-bookworm-slim AS app
# ffmpeg/ffprobe: the worker probes and converts uploaded audio.
RUN apt-get update \
  && apt-get install -y --no-install-recommends ffmpeg \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
ENV NODE_ENV=production
COPY --from=build /app/package.json ./
COPY --from=build /app/node_modules node_modules
COPY --from=build /app/workflows/package.json workflows/
COPY --from=build /app/workflows/dist workflows/dist
COPY --from=build /app/packages/constants/package.json packages/constants/
COPY --from=build /app/packages/constants/dist packages/constants/dist
COPY --from=build /app/api/package.json api/
COPY --from=build /app/api/dist api/dist
COPY --from=build /app/web/dist web/dist
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
CMD ["node", "api/dist/main.js"]

FROM nginx:1.27-alpine AS web
COPY deploy/nginx.conf /etc/nginx/conf.d/default.conf
COPY --from=build /app/web/dist /usr/share/nginx/html

# The speech service with the same hash-pinned packages and models as scripts/setup.sh installs.
# SPEECH_MODEL (a mounted CTranslate2 Whisper directory, e.g. large-v3-turbo on a GPU node) and
# SPEECH_DEVICE override the defaults; the command line is docs/speech-contract.md's.
FROM python:3.11-slim-bookworm AS speech
WORKDIR /app
COPY speech/requirements.txt speech/requirements-test.txt speech/
COPY scripts/setup-speech.sh scripts/tool-cache.sh scripts/
# The tool store (scripts/tool-cache.sh) inside the image, next to the .tools/ links into it.
ENV QUESTLOG_CACHE=/app/.tools/.cache
RUN bash scripts/setup-speech.sh
COPY speech speech
ENV SPEECH_MODEL=/app/.tools/speech-models/whisper-base \
    SPEECH_MODEL_MULTILINGUAL= \
    SPEECH_DEVICE=cpu SPEECH_COMPUTE_TYPE=int8 SPEECH_THREADS=4 SPEECH_WORKERS=2
WORKDIR /app/speech
EXPOSE 8000
CMD ["sh", "-c", "exec /app/.tools/speech/bin/python -m questlog_speech --host 0.0.0.0 --port 8000 --model \"$SPEECH_MODEL\" ${SPEECH_MODEL_MULTILINGUAL:+--multilingual-model \"$SPEECH_MODEL_MULTILINGUAL\"} --device \"$SPEECH_DEVICE\" --compute-type \"$SPEECH_COMPUTE_TYPE\" --threads \"$SPEECH_THREADS\" --workers \"$SPEECH_WORKERS\""]
