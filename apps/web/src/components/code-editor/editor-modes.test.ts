import { describe, expect, it } from 'vitest';
import { editorModeForPath } from './editor-modes';

describe('editorModeForPath', () => {
  it('reads the web server and PHP/MySQL configs by their folder (spec/001 §2)', () => {
    expect(editorModeForPath('/etc/nginx/nginx.conf')).toBe('nginx');
    expect(editorModeForPath('/etc/nginx/sites-available/example.com')).toBe('nginx');
    expect(editorModeForPath('/etc/nginx/hostdeck/a.test/extra.conf')).toBe('nginx');
    expect(editorModeForPath('/etc/nginx/fastcgi_params')).toBe('nginx');
    expect(editorModeForPath('/etc/apache2/sites-available/a.test.conf')).toBe('apache');
    expect(editorModeForPath('/etc/apache2/apache2.conf')).toBe('apache');
    expect(editorModeForPath('/etc/php/8.2/fpm/php.ini')).toBe('ini');
    expect(editorModeForPath('/etc/php/8.2/fpm/pool.d/a.test.conf')).toBe('ini');
    expect(editorModeForPath('/etc/mysql/my.cnf')).toBe('ini');
    expect(editorModeForPath('/etc/mysql/mariadb.conf.d/50-server.cnf')).toBe('ini');
  });

  it('keeps a file whose extension names its language, even in those folders', () => {
    expect(editorModeForPath('/etc/nginx/renew-hook.sh')).toBe('shell');
    expect(editorModeForPath('/etc/apache2/envvars')).toBe('shell');
  });

  it('reads a .conf file elsewhere as text: only the folder says which syntax it has', () => {
    expect(editorModeForPath('/home/u/a.test/nginx.conf')).toBe('text');
    expect(editorModeForPath('/etc/nginxish/x.conf')).toBe('text');
  });

  it('tells Blade templates from plain PHP', () => {
    expect(editorModeForPath('/home/u/a.test/resources/views/welcome.blade.php')).toBe('blade');
    expect(editorModeForPath('/home/u/a.test/public/index.php')).toBe('php');
    expect(editorModeForPath('/home/u/a.test/public/INDEX.PHP')).toBe('php');
  });

  it('reads .env files, shell scripts and the usual web files', () => {
    expect(editorModeForPath('/home/u/a.test/.env')).toBe('env');
    expect(editorModeForPath('/home/u/a.test/.env.example')).toBe('env');
    expect(editorModeForPath('/home/u/a.test/deploy.sh')).toBe('shell');
    expect(editorModeForPath('/home/u/.bashrc')).toBe('shell');
    expect(editorModeForPath('/home/u/a.test/composer.json')).toBe('json');
    expect(editorModeForPath('/home/u/a.test/composer.lock')).toBe('json');
    expect(editorModeForPath('/home/u/a.test/docker-compose.yml')).toBe('yaml');
    expect(editorModeForPath('/home/u/a.test/config.yaml')).toBe('yaml');
    expect(editorModeForPath('/home/u/a.test/app.js')).toBe('javascript');
    expect(editorModeForPath('/home/u/a.test/src/main.tsx')).toBe('javascript');
    expect(editorModeForPath('/home/u/a.test/style.css')).toBe('css');
    expect(editorModeForPath('/home/u/a.test/index.html')).toBe('html');
    expect(editorModeForPath('/home/u/a.test/README.md')).toBe('markdown');
    expect(editorModeForPath('/home/u/a.test/public/.htaccess')).toBe('apache');
  });

  it('falls back to text', () => {
    expect(editorModeForPath('/var/log/nginx/a.test.error.log')).toBe('text');
    expect(editorModeForPath('/home/u/a.test/LICENSE')).toBe('text');
    expect(editorModeForPath('/home/u/a.test/.gitignore')).toBe('text');
    expect(editorModeForPath('/home/u/a.test/constructor')).toBe('text');
    expect(editorModeForPath('')).toBe('text');
  });
});
