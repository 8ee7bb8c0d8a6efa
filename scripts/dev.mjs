// Development: the API (rebuilt on change by tsx watch) on :3000 and Vite with hot reload on :5173 (proxying /api).
import { spawn } from 'node:child_process'

const children = [
  spawn('npx', ['tsx', 'watch', 'src/main.ts'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'development', PUBLIC_URL: 'http://localhost:5173' } }),
  spawn('npx', ['react-router', 'dev'], { stdio: 'inherit' }),
]
const stop = () => children.forEach((child) => child.kill('SIGTERM'))
process.on('SIGINT', stop)
process.on('SIGTERM', stop)
