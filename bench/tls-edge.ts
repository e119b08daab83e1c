import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort, stopChild } from './lib'

/** Debian's nginx (the package deploy/ and the rolling-restart test use). */
const NGINX = '/usr/sbin/nginx'

export interface TlsEdge {
  /** `https://127.0.0.1:<port>`: the gateway behind TLS and HTTP/2. */
  url: string
  stop(): Promise<void>
}

/**
 * The gateway as a browser meets it in production: behind an edge that ends TLS and speaks HTTP/2
 * (what every browser negotiates with a TLS server offering h2; plain http, as the bench's
 * gateway is reached, is HTTP/1.1 only). Debian's nginx with a certificate made for the run
 * (openssl, valid a day, for 127.0.0.1: the browser is told to accept it), passing every request to
 * `upstream` over kept-alive HTTP/1.1 connections, as deploy/nginx/nginx.conf does to the gateways
 * (signed headers with underscores kept). Compression stays the gateway's (its .br files and answers
 * pass through).
 */
export async function startTlsEdge(upstream: string): Promise<TlsEdge> {
  if (!existsSync(NGINX)) throw new Error(`${NGINX} is missing: apt-get install nginx`)
  const dir = mkdtempSync(join(tmpdir(), 'ess-bench-edge-'))
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')], { stdio: 'ignore' })
  const port = await freePort()
  const upstreamHost = new URL(upstream).host
  writeFileSync(
    join(dir, 'nginx.conf'),
    `daemon off;
worker_processes 1;
user root;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream gateway {
    server ${upstreamHost};
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${port} ssl http2;
    ssl_certificate ${dir}/cert.pem;
    ssl_certificate_key ${dir}/key.pem;
    underscores_in_headers on;
    location / {
      proxy_pass http://gateway;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto https;
    }
  }
}
`,
  )
  const child: ChildProcess = spawn(NGINX, ['-p', dir, '-c', join(dir, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'inherit'] })
  process.once('exit', () => child.kill('SIGKILL'))
  const url = `https://127.0.0.1:${port}`
  const deadline = Date.now() + 10_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode} (see ${dir}/error.log)`)
    try {
      execFileSync('curl', ['-skf', '--http2', '-o', '/dev/null', `${url}/app/health`], { stdio: 'ignore' })
      break
    } catch {
      if (Date.now() > deadline) throw new Error(`nginx did not answer in 10 s (see ${dir}/error.log)`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  }
  return {
    url,
    // SIGQUIT: nginx's graceful stop.
    stop: () => stopChild(child, 'SIGQUIT', dir),
  }
}
