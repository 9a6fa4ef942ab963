/**
 * npm run dev: the API with reload on change (tsx watch) on API_PORT, and Vite
 * with hot module reload on PORT proxying /api and /media to it.
 */
import { spawn } from 'node:child_process';
import { ROOT } from './lib.ts';

const apiPort = process.env.API_PORT ?? '3001';
const env = { ...process.env, API_PORT: apiPort };
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts'], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...env, PORT: apiPort },
  }),
  spawn('npx', ['vite'], { cwd: ROOT, stdio: 'inherit', env }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', stop);
