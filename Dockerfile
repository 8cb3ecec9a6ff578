# fontd in a container: `docker build -t fontd .`, then
#   docker run -d -p 8686:8686 -e FONTD_TOKEN -v fontd-state:/var/lib/fontd fontd
# Without FONTD_TOKEN the server refuses to start: it listens beyond loopback, where a token is required.
# scripts/check-container builds this file as written with podman and checks the running container.

# Build stage. The tag pins the toolchain the project's machines and CI test with (Swift 6.3.1) on the
# runtime's Debian release (12, bookworm), so the image holds the binary that was tested; the floating
# "6.3-bookworm" would move to the next patch release by itself. Bump it with the machines' Swift.
FROM swift:6.3.1-bookworm AS build

# The C libraries' headers (pkg-config finds them): fontconfig's, FreeType's, SQLite's (GRDB, the
# preferences store, builds against the system SQLite), and zlib's, which async-http-client (fontd's HTTP
# client) links for its compression support.
# hadolint ignore=DL3008
RUN apt-get update \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
        libfontconfig-dev libfreetype-dev libsqlite3-dev zlib1g-dev pkg-config \
    && rm -rf /var/lib/apt/lists/*

WORKDIR /src
# The dependencies first, so that editing the sources does not fetch them again.
COPY Package.swift ./
RUN swift package resolve
COPY . .
# One executable serves every command, the HEALTHCHECK's `fontd health` among them. The same build as
# scripts/install's (not position-independent: docs/DESIGN.md §19 (Installation and the container)). fontd does not link GIO, so neither stage
# needs GLib: the desktop bridge's and the session bus's libraries (libfontd-gnome.so, libfontd-bus.so) are not built here, as a
# container has no desktop session; `serve --desktop gnome` (or `--dbus on`) there stops with one line saying so.
RUN swift build -c release --static-swift-stdlib -Xlinker -no-pie -Xlinker --no-export-dynamic --disable-local-rpath \
    -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors --product fontd \
    && install -m 0755 .build/release/fontd /usr/local/bin/

# Runtime stage: Debian 12 slim with only what the static binary loads (libfontconfig1, libfreetype6,
# libsqlite3-0, which fontd opens on first use: docs/DESIGN.md §18 (The command line)), the fonts the default
# table resolves to (its sans-serif is DejaVu Sans), and fontconfig, whose install builds the font cache in /var/cache/fontconfig: without it every start scans
# the fonts again and prints "Fontconfig error: No writable cache directories" as the unprivileged user. A cache
# is valid only while its font directories keep their mtime to the nanosecond, and image layers keep whole seconds
# (Docker's and podman's layer tars truncate them), so the directories get a whole-second mtime before fc-cache.
FROM debian:12-slim

# hadolint ignore=DL3008
RUN apt-get update \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends \
        libfontconfig1 libfreetype6 libsqlite3-0 fonts-dejavu-core fontconfig \
    && rm -rf /var/lib/apt/lists/* \
    && groupadd --system --gid 999 fontd \
    && useradd --system --uid 999 --gid fontd --home-dir /nonexistent --no-create-home \
        --shell /usr/sbin/nologin fontd \
    && install -d -o fontd -g fontd -m 0750 /var/lib/fontd \
    && find /usr/share/fonts /usr/local/share/fonts -type d -exec touch -m -d "@$(date +%s)" {} + \
    && fc-cache -f

COPY --from=build /usr/local/bin/fontd /usr/local/bin/
# Where fontd looks for its default table (docs/DESIGN.md §4 (The style table)): <executable's directory>/../share/fontd/Styles/.
COPY Styles/ /usr/local/share/fontd/Styles/

# The user fontd, by number: Kubernetes' runAsNonRoot can only verify a numeric user.
USER 999:999
# The preferences store (category, legibility weight, sequence and history, in SQLite) survives the
# container; a state.json an older image left there is imported into a new store once, and kept.
VOLUME /var/lib/fontd
EXPOSE 8686
# `fontd health` exits 0 when GET /healthz on http://127.0.0.1:8686 answers.
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 CMD ["fontd", "health"]
# SIGTERM (docker stop) stops fontd gracefully, also as PID 1: requests under way finish, then it exits 0.
ENTRYPOINT ["fontd"]
CMD ["serve", "--host", "0.0.0.0", "--port", "8686", "--store", "/var/lib/fontd/fontd.sqlite", "--state", "/var/lib/fontd/state.json"]
