#!/usr/bin/env bash
# n8n-install / n8n-upgrade, step `runtime`: the Node.js that n8n runs on, unpacked from
# HD_NODE_URL (a linux-x64 tarball: nodejs.org's, or a mirror of it) into HD_NODE_DIR, plus what
# n8n's native modules (sqlite3) build with: their prebuilt binaries come from GitHub, which a
# server may not reach, so npm builds them from source against HD_NODE_DIR's own headers.
# Skipped when HD_NODE_DIR already holds a Node.js 20 or later unpacked from the same URL.
# The work is lib/node.sh's (shared with the site apps' node runtime).
# Input: HD_NODE_URL, HD_NODE_DIR.
set -euo pipefail

hd_node_runtime "$HD_NODE_URL" "$HD_NODE_DIR" 20 n8n
