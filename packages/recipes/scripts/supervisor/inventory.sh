#!/usr/bin/env bash
# supervisor-inventory, step `read` (read-only): every program supervisord knows or is configured
# with, for the panel's list (packages/recipes/src/supervisor/supervisor-inventory.ts):
#   supervisor<TAB>INSTALLED<TAB>RUNNING
#   program<TAB>{json}   one per program: where it is configured, whether the panel made it (its
#                        hostdeck-<name>.conf with the marker), its settings, its processes from
#                        `supervisorctl status`, and for FATAL/BACKOFF its last error lines
#   end
# The files are read with Python's configparser (supervisor is a Python program: python3 is there
# whenever supervisor is); nothing is written.
# Input: none.
set -euo pipefail

installed=0
running=0
if command -v supervisorctl >/dev/null 2>&1; then installed=1; fi
if ((installed)) && [[ $(supervisorctl pid 2>/dev/null || true) =~ ^[0-9]+$ ]]; then running=1; fi
printf 'supervisor\t%s\t%s\n' "$installed" "$running"
if ((installed)); then
  python3 - "$running" <<'PYTHON'
import configparser
import glob
import json
import os
import re
import subprocess
import sys

RUNNING = sys.argv[1] == '1'
MARKER = '# Managed by HostDeck'
MAIN = '/etc/supervisor/supervisord.conf'
STATES = {'STOPPED', 'STARTING', 'RUNNING', 'BACKOFF', 'STOPPING', 'EXITED', 'FATAL', 'UNKNOWN'}


def ctl(*args):
    result = subprocess.run(['supervisorctl', *args], capture_output=True, text=True, timeout=10)
    return result.stdout


def parser():
    return configparser.RawConfigParser(strict=False, interpolation=None, inline_comment_prefixes=(';',))


def config_files():
    files = [MAIN]
    main = parser()
    try:
        main.read(MAIN)
        patterns = main.get('include', 'files', fallback='').split()
    except (configparser.Error, OSError):
        patterns = ['/etc/supervisor/conf.d/*.conf']
    for pattern in patterns:
        if not os.path.isabs(pattern):
            pattern = os.path.join(os.path.dirname(MAIN), pattern)
        files.extend(sorted(glob.glob(pattern)))
    return files


def first_line(path):
    try:
        with open(path, encoding='utf-8', errors='replace') as handle:
            return handle.readline()
    except OSError:
        return ''


def number(value, default):
    try:
        return int(value)
    except (TypeError, ValueError):
        return default


def boolean(value, default):
    if value is None:
        return default
    return value.strip().lower() in ('true', 'yes', 'on', '1')


def environment_of(text):
    if not text:
        return []
    try:
        from supervisor.datatypes import dict_of_key_value_pairs
        pairs = dict_of_key_value_pairs(text)
    except Exception:
        return []
    return [{'key': str(key), 'value': str(value)} for key, value in pairs.items()]


def status():
    by_group = {}
    if not RUNNING:
        return by_group
    for line in ctl('status').splitlines():
        parts = line.split(None, 2)
        if len(parts) < 2 or parts[1] not in STATES:
            continue
        full, state = parts[0], parts[1]
        description = parts[2] if len(parts) > 2 else ''
        match = re.match(r'pid (\d+),', description)
        pid = int(match.group(1)) if match and state in ('RUNNING', 'STOPPING') else None
        group = full.split(':', 1)[0]
        by_group.setdefault(group, []).append(
            {'name': full, 'state': state, 'pid': pid, 'description': description[:300]}
        )
    return by_group


def supervisord_lines(name):
    try:
        with open('/var/log/supervisor/supervisord.log', encoding='utf-8', errors='replace') as handle:
            lines = handle.readlines()[-400:]
    except OSError:
        return []
    word = re.compile(r"(^|[\s'(:])" + re.escape(name) + r"([\s'):_]|$)")
    picked = []
    for index, line in enumerate(lines):
        if word.search(line):
            if index > 0 and 'spawnerr' in lines[index - 1] and lines[index - 1] not in picked:
                picked.append(lines[index - 1])
            picked.append(line)
    return [line.rstrip('\n')[:300] for line in picked[-6:]]


def error_lines(name, processes):
    lines = supervisord_lines(name)
    for process in processes[:2]:
        tail = ctl('tail', '-4000', process['name']).splitlines()
        lines.extend(line[:300] for line in tail[-10:])
    return lines


groups = status()
programs = {}
for path in config_files():
    config = parser()
    try:
        config.read(path, encoding='utf-8')
    except (configparser.Error, UnicodeDecodeError, OSError):
        continue
    managed = os.path.basename(path).startswith('hostdeck-') and first_line(path).startswith(MARKER)
    for section in config.sections():
        if not section.startswith('program:'):
            continue
        name = section[len('program:'):].strip()
        if not name or name in programs:
            continue
        get = lambda key, default=None: config.get(section, key, fallback=default)
        programs[name] = {
            'name': name,
            'managed': managed,
            'file': path,
            'command': get('command'),
            'directory': get('directory'),
            'user': get('user'),
            'numprocs': number(get('numprocs'), 1),
            'autostart': boolean(get('autostart'), True),
            'autorestart': (get('autorestart', 'unexpected') or 'unexpected').strip().lower(),
            'startsecs': number(get('startsecs'), 1),
            'stopwaitsecs': number(get('stopwaitsecs'), 10),
            'stopsignal': (get('stopsignal', 'TERM') or 'TERM').strip().upper(),
            'environment': environment_of(get('environment')) if managed else [],
        }

# Processes of programs found in no file read here (another include, a group section).
for group in groups:
    if group not in programs and not any(
        process['name'].split(':', 1)[-1].rsplit('_', 1)[0] in programs for process in groups[group]
    ):
        programs[group] = {
            'name': group, 'managed': False, 'file': None, 'command': None, 'directory': None,
            'user': None, 'numprocs': len(groups[group]), 'autostart': True, 'autorestart': 'unexpected',
            'startsecs': 1, 'stopwaitsecs': 10, 'stopsignal': 'TERM', 'environment': [],
        }

for name, program in programs.items():
    processes = groups.get(name, [])
    program['processes'] = processes
    troubled = any(process['state'] in ('FATAL', 'BACKOFF') for process in processes)
    program['errors'] = error_lines(name, processes) if troubled else []
    print('program\t' + json.dumps(program, ensure_ascii=True))
PYTHON
fi
printf 'end\n'
