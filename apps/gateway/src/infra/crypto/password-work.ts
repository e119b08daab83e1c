import { AppError } from '../../lib/app-error'

export interface PasswordWorkOptions {
  /** Password hashes (argon2id) run at once; the rest wait in line. */
  concurrency: number
  /**
   * The longest expected wait (ms) in line a new request is admitted to. Beyond it the request is
   * refused at once with PASSWORD_WORK_BUSY and Retry-After, instead of queueing until it times out.
   */
  maxWaitMs: number
}

/** A place in line, taken before any step of a request that cannot be undone (a code or token spent). */
export interface PasswordWorkPlace {
  /** Runs one piece of password work when a slot is free (in order of arrival). */
  run<T>(work: () => Promise<T>): Promise<T>
  /** Gives the place back (idempotent); the request is done with password work. */
  release(): void
}

/** What the line holds now (metrics, tests). */
export interface PasswordWorkState {
  running: number
  waiting: number
  /** Places taken and not yet released (a place waits for its first run or between two runs). */
  admitted: number
  /** The moving mean of one piece of work (ms). */
  meanMs: number
  /** Requests refused as busy since the process started. */
  refused: number
}

/** First guess of one argon2id hash (ms) before any was measured: the figure in password-hash.ts. */
const FIRST_MEAN_MS = 15
/** Weight of the newest duration in the moving mean. */
const MEAN_WEIGHT = 0.2

/**
 * A bounded line in front of password hashing (issue 37, a sign-in storm): every argon2id hash takes
 * ~19 MiB and tens of milliseconds of a libuv thread, so at most `concurrency` run at once, and a
 * request is admitted only while the line ahead of it would clear within `maxWaitMs` (estimated from
 * the measured mean duration). A refused request is answered at once: PASSWORD_WORK_BUSY (503) with
 * the seconds after which the line should have room, never a time-out. Admission is taken before the
 * request spends anything (captcha token, code) so that the client's retry can succeed.
 */
export class PasswordWork {
  #concurrency: number
  #maxWaitMs: number
  #running = 0
  #admitted = 0
  #meanMs = FIRST_MEAN_MS
  #refused = 0
  readonly #line: Array<() => void> = []

  constructor({ concurrency, maxWaitMs }: PasswordWorkOptions) {
    this.#concurrency = Math.max(1, Math.floor(concurrency))
    this.#maxWaitMs = Math.max(0, maxWaitMs)
  }

  configure({ concurrency, maxWaitMs }: PasswordWorkOptions) {
    this.#concurrency = Math.max(1, Math.floor(concurrency))
    this.#maxWaitMs = Math.max(0, maxWaitMs)
    this.#next()
  }

  state(): PasswordWorkState {
    return { running: this.#running, waiting: this.#line.length, admitted: this.#admitted, meanMs: this.#meanMs, refused: this.#refused }
  }

  /** Expected wait (ms) of a request admitted now: the places ahead of it, spread over the slots. */
  #expectedWaitMs() {
    const ahead = Math.max(0, this.#admitted - this.#concurrency + 1)
    return (ahead / this.#concurrency) * this.#meanMs
  }

  /** Takes a place in line at once, or refuses with PASSWORD_WORK_BUSY (503, Retry-After). */
  admit(): PasswordWorkPlace {
    const waitMs = this.#expectedWaitMs()
    if (this.#admitted >= this.#concurrency && waitMs > this.#maxWaitMs) {
      // When the places beyond the limit would have cleared: at least a second.
      const seconds = Math.max(1, Math.ceil((waitMs - this.#maxWaitMs + this.#meanMs) / 1000))
      this.#refused += 1
      throw new AppError('PASSWORD_WORK_BUSY', { params: { seconds }, retryAfterS: seconds })
    }
    this.#admitted += 1
    let released = false
    return {
      run: (work) => this.#run(work),
      release: () => {
        if (released) return
        released = true
        this.#admitted -= 1
      },
    }
  }

  /**
   * Runs a request's steps holding one place in line, taken at once (or refused) before the first
   * step: every hash or verify inside them is given that place (`run(work, place)`), so a request
   * admitted is never refused half-way, after it spent a captcha token or a code.
   * The place is handed down explicitly, not found through an AsyncLocalStorage: on Node 20 one
   * AsyncLocalStorage in use turns on promise hooks for the whole process, and every call of the
   * gateway then paid for them on each of its promises (issue 37 goal 4: ~6 µs and 1.8 KB of garbage
   * a getUserInfo call in bench/profile.ts, for a line that only sign-ins and password changes use).
   */
  async within<T>(steps: (place: PasswordWorkPlace) => Promise<T>): Promise<T> {
    const place = this.admit()
    try {
      return await steps(place)
    } finally {
      place.release()
    }
  }

  /** One piece of password work: in the request's place when given, or in a place of its own. */
  run<T>(work: () => Promise<T>, place?: PasswordWorkPlace): Promise<T> {
    return place ? place.run(work) : this.within((own) => own.run(work))
  }

  async #run<T>(work: () => Promise<T>): Promise<T> {
    if (this.#running >= this.#concurrency) await new Promise<void>((resolve) => this.#line.push(resolve))
    else this.#running += 1
    const started = performance.now()
    try {
      return await work()
    } finally {
      this.#meanMs += MEAN_WEIGHT * (performance.now() - started - this.#meanMs)
      this.#running -= 1
      this.#next()
    }
  }

  /** Hands free slots to the oldest waiting work. */
  #next() {
    while (this.#running < this.#concurrency && this.#line.length > 0) {
      this.#running += 1
      this.#line.shift()?.()
    }
  }
}
