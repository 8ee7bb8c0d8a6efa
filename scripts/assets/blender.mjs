// One Blender, started once, running scene.py's commands one after another (`scene.py -- serve`).
//
// Starting Blender and loading scene.py's modules costs about two seconds, as much as rendering a small labelled
// scene; a scene used to start it twice (render, then tonemap). A batch now keeps one Blender per renderer. Each
// command's output goes to its own log file, as before. Blender is started again after RESTART_AFTER commands, so
// whatever a long session might accumulate is let go of now and then.
import { spawn } from 'node:child_process'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'

const END = /^LAVO_SERVE_END (ok|error)$/m
const RESTART_AFTER = 100

export class Blender {
  #root
  #child = null
  #output = ''
  #pending = null
  #commands = 0

  constructor(root) {
    this.#root = root
  }

  /** Runs one scene.py command (`['render', jobFile]` or `['tonemap', …]`); writes its output to logFile; returns its seconds. */
  async run(args, logFile) {
    if (this.#pending) throw new Error('one Blender command at a time')
    if (this.#commands >= RESTART_AFTER) this.close()
    const child = this.#child ?? this.#start()
    const started = Date.now()
    this.#commands++
    let status
    try {
      status = await new Promise((resolve, reject) => {
        this.#pending = { resolve, reject }
        child.stdin.write(JSON.stringify(args.map(String)) + '\n')
      })
    } catch (error) {
      throw new Error(`blender failed (${args[0]}): ${error.message}, see ${logFile}`, { cause: error })
    } finally {
      this.#pending = null
      writeFileSync(logFile, this.#output)
      this.#output = ''
    }
    if (status !== 'ok') throw new Error(`blender failed (${args[0]}), see ${logFile}`)
    return (Date.now() - started) / 1000
  }

  /** Lets Blender finish and exit (the batch is done, or it is time for a fresh one). */
  close() {
    const child = this.#child
    this.#child = null
    this.#commands = 0
    child?.stdin.end()
  }

  #start() {
    const script = join(this.#root, 'scripts/assets/scene.py')
    const child = spawn('nice', ['-n', '19', 'blender', '-b', '-noaudio', '--python', script, '--', 'serve'], {
      cwd: this.#root, stdio: ['pipe', 'pipe', 'pipe'],
    })
    child.stdin.on('error', () => {}) // a Blender that died mid-write is reported by 'exit'
    child.stdout.setEncoding('utf8')
    child.stderr.setEncoding('utf8')
    child.stderr.on('data', (text) => {
      if (this.#child === child) this.#output += text
    })
    child.stdout.on('data', (text) => {
      if (this.#child !== child) return
      this.#output += text
      const end = END.exec(this.#output)
      if (end && this.#pending) {
        this.#output = this.#output.slice(0, end.index)
        this.#pending.resolve(end[1])
      }
    })
    const lost = (reason) => {
      if (this.#child !== child) return
      this.#child = null
      this.#commands = 0
      this.#pending?.reject(new Error(reason))
    }
    child.on('error', (error) => lost(`could not start blender (${error.message})`))
    child.on('exit', (code, signal) => lost(`blender exited (${signal ?? `code ${code}`})`))
    this.#child = child
    return child
  }
}
