// A real reverse proxy for fleet tests: nginx (Debian's nginx-light) on a free loopback port in
// front of the app servers, as an operator would run one. Requests are spread round-robin; the
// header `X-Test-Upstream: <name>` sends one to a named server, so a test can say "through A".
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../hardening/faults/private-postgres.js';

export interface NginxProxy {
  url: string;
  stop(): Promise<void>;
}

const NGINX = process.env.NGINX_BIN ?? '/usr/sbin/nginx';

function config(port: number, upstreams: Record<string, string>, prefix: string): string {
  const hostOf = (url: string) => new URL(url).host;
  const named = Object.entries(upstreams);
  return `
${process.getuid?.() === 0 ? 'user root root;' : ''}
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${prefix}/body;
  proxy_temp_path ${prefix}/proxy;
  client_max_body_size 16m;
  upstream fleet {
${named.map(([, url]) => `    server ${hostOf(url)} max_fails=1 fail_timeout=2s;`).join('\n')}
  }
${named.map(([name, url]) => `  upstream only_${name} { server ${hostOf(url)}; }`).join('\n')}
  map $http_x_test_upstream $backend {
    default fleet;
${named.map(([name]) => `    ${name} only_${name};`).join('\n')}
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://$backend;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_request_buffering off;
      proxy_next_upstream error timeout;
    }
  }
}
`;
}

/** `port`: where to listen (the app servers' APP_URL is the proxy's, so it is often chosen first). */
export async function startNginxProxy(upstreams: Record<string, string>, options: { port?: number } = {}): Promise<NginxProxy> {
  await fs.access(NGINX).catch(() => {
    throw new Error(`nginx not found at ${NGINX}: install it (Debian: apt-get install -y nginx-light) or set NGINX_BIN`);
  });
  const prefix = await fs.mkdtemp(path.join(os.tmpdir(), 'cleanproof-nginx-'));
  const port = options.port ?? (await freePort());
  const conf = path.join(prefix, 'nginx.conf');
  await fs.writeFile(conf, config(port, upstreams, prefix));
  const child: ChildProcess = spawn(NGINX, ['-c', conf, '-p', prefix, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null)
      throw new Error(`nginx exited with ${child.exitCode}: ${stderr}${await fs.readFile(path.join(prefix, 'error.log'), 'utf8').catch(() => '')}`);
    const up = await fetch(`${url}/healthz`).then(
      () => true,
      () => false,
    );
    if (up) break;
    if (i > 100) throw new Error(`nginx did not listen on ${url}: ${stderr}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null) child.kill('SIGQUIT');
      await exited;
      await fs.rm(prefix, { recursive: true, force: true });
    },
  };
}
