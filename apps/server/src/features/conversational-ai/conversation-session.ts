/**
 * One live conversation (decision 153): audio in → end of turn (TurnDetector) → speech to text → the agent's
 * reply (agent-responder.ts) → speech, sentence by sentence, back to the client. Barge-in: user speech while
 * the agent talks interrupts it. The session ends on the client's close, the end_call tool, silence, the
 * longest call or the month's minutes; then the record (transcript, audio) is handed to `finish`.
 */
import { TurnDetector } from '@vocalis/speech/stt/turn-detector';
import { respond, type Turn, type TurnRecord } from './agent-responder';
import type { AgentTransferRule } from './agent-transfer';
import type { NumberTransferRule } from './number-transfer';
import { SentenceSplitter } from './agent-voice';
import { clientMessage, serverEvents } from './conversation-protocol';
import { mixRecording, recordTools } from './call-record';
import type { SessionEnd, SessionOptions, TranscriptEntry } from './conversation-session.types';

export type { AgentSwitch, SessionEnd, SessionOptions, TranscriptEntry } from './conversation-session.types';

const RATE = 16000;
const CHUNK_SECONDS = 0.25;
const TOOL_TIMEOUT_MS = 15_000;
/** What the agent says when the user has been silent for turn.turn_timeout seconds. */
export const STILL_THERE = 'Are you still there?';

export class ConversationSession {
  private readonly started = Date.now();
  private readonly detector = new TurnDetector();
  private readonly transcript: TranscriptEntry[] = [];
  private readonly history: Turn[] = [];
  private readonly userAudio: Int16Array[] = [];
  private userSamples = 0;
  private readonly agentAudio: { at: number; pcm: Uint8Array; eventId: number }[] = [];
  /** Where (in user samples) each interrupted turn was cut off: the recording stops its audio there. */
  private readonly cutAt = new Map<number, number>();
  private agentCursor = 0;
  private eventId = 0;
  private turn: { abort: AbortController; entry: TranscriptEntry | null } | null = null;
  private speakingUntil = 0;
  private queue: Promise<void> = Promise.resolve();
  private readonly pendingTools = new Map<string, (r: { result: string; isError: boolean }) => void>();
  private readonly feedback: SessionEnd['feedback'] = [];
  private lastActivity = Date.now();
  private ended = false;
  private readonly timers: NodeJS.Timeout[] = [];
  private endAfterTurn: string | null = null;
  private lastAgent: TranscriptEntry | null = null;
  private language: string;
  private reengaged = false;
  private pendingTransfer: AgentTransferRule | null = null;
  private pendingCallTransfer: NumberTransferRule | null = null;
  private readonly agentTransfers: SessionEnd['agentTransfers'] = [];

  constructor(private readonly o: SessionOptions) {
    this.language = o.language;
  }

  private elapsed = () => (Date.now() - this.started) / 1000;

  start(): void {
    this.o.send(serverEvents.metadata(this.o.conversationId, this.o.voice?.format ?? 'pcm_16000'));
    this.timers.push(
      setTimeout(() => void this.end('The longest call duration was reached.'), this.o.maxSeconds * 1000),
    );
    let pings = 0;
    this.timers.push(
      setInterval(() => {
        this.o.send(serverEvents.ping(++pings, null));
        this.o.heartbeat(this.elapsed());
        const silent = (Date.now() - this.lastActivity) / 1000;
        if (this.o.silenceEndSeconds && silent > this.o.silenceEndSeconds && !this.turn)
          void this.end('The user was silent for too long.');
      }, 5_000),
    );
    if (this.o.turnTimeoutSeconds) this.timers.push(setInterval(() => this.checkTurnTimeout(), 250));
    if (this.o.firstMessage) this.enqueue(() => this.speakTurn(this.o.firstMessage));
  }

  /** turn_timeout: the agent has finished and the user said nothing for that long: it asks once. */
  private checkTurnTimeout(): void {
    if (this.turn || this.reengaged || this.ended || !this.history.length) return;
    const quietSince = Math.max(this.lastActivity, this.speakingUntil);
    if (Date.now() - quietSince < this.o.turnTimeoutSeconds! * 1000) return;
    this.reengaged = true;
    this.enqueue(() => this.speakTurn(STILL_THERE));
  }

  /** A message from the client (already JSON-parsed). */
  handle(raw: unknown): void {
    const parsed = clientMessage.safeParse(raw);
    if (!parsed.success) return;
    const m = parsed.data;
    if (!('type' in m) || typeof m.type !== 'string') {
      const chunk = (m as { user_audio_chunk?: unknown }).user_audio_chunk;
      if (typeof chunk === 'string') this.audio(Buffer.from(chunk, 'base64'));
      return;
    }
    switch (m.type) {
      case 'client_tool_result': {
        const done = this.pendingTools.get(m.tool_call_id);
        this.pendingTools.delete(m.tool_call_id);
        done?.({
          result: typeof m.result === 'string' ? m.result : JSON.stringify(m.result),
          isError: m.is_error ?? false,
        });
        return;
      }
      case 'user_message':
        this.interrupt();
        this.lastActivity = Date.now();
        this.reengaged = false;
        return this.enqueue(() => this.userTurn(m.text, 'text'));
      case 'contextual_update':
        this.o.responder.context.push(m.text);
        return;
      case 'feedback':
        this.feedback.push({ score: m.score, event_id: m.event_id });
        return;
      default:
        return;
    }
  }

  private audio(bytes: Buffer): void {
    if (this.ended || bytes.length < 2) return;
    const pcm = new Int16Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + (bytes.length & ~1)));
    this.userAudio.push(pcm);
    this.userSamples += pcm.length;
    for (const event of this.detector.push(pcm)) {
      this.lastActivity = Date.now();
      this.reengaged = false;
      if (event.type === 'speech_start') this.interrupt();
      else this.enqueue(() => this.transcribe(event.pcm));
    }
  }

  /** Barge-in: stop the agent's turn if it is still talking (or about to). */
  private interrupt(): void {
    if (this.o.interruptions === false) return;
    if (!this.turn && Date.now() >= this.speakingUntil) return;
    this.turn?.abort.abort();
    const entry = this.turn?.entry ?? this.lastAgent;
    if (entry) entry.interrupted = true;
    this.speakingUntil = 0;
    this.cutAt.set(this.eventId, this.userSamples);
    this.o.send(serverEvents.interruption(this.eventId));
  }

  private enqueue(work: () => Promise<void>): void {
    this.queue = this.queue
      .then(() => (this.ended ? undefined : work()))
      .catch((err: unknown) => {
        this.o.log.warn({ err }, 'conversation turn failed');
        this.o.send(
          serverEvents.error('turn_failed', err instanceof Error ? err.message : 'The turn failed.'),
        );
      });
  }

  private async transcribe(pcm: Int16Array): Promise<void> {
    const stt = this.o.stt(this.language);
    if (!stt) return;
    const heard = await stt.transcribe(pcm, RATE, { language: this.language });
    const text = heard.words
      .map((w) => w.text)
      .join(' ')
      .trim();
    if (text) await this.userTurn(text, 'audio');
  }

  private async userTurn(text: string, medium: 'audio' | 'text'): Promise<void> {
    this.o.send(serverEvents.userTranscript(text, ++this.eventId));
    this.transcript.push({
      role: 'user',
      message: text,
      time_in_call_secs: Math.round(this.elapsed()),
      source_medium: medium,
    });
    const record: TurnRecord = { passages: [], toolCalls: [] };
    const abort = new AbortController();
    this.turn = { abort, entry: null };
    const pieces = respond(this.o.responder, this.history, text, this.tools(), record, abort.signal);
    this.history.push({ role: 'user', message: text });
    await this.speakTurn(pieces, record, abort);
    if (this.pendingTransfer) await this.handOver(this.pendingTransfer);
    if (this.pendingCallTransfer) await this.transferCall(this.pendingCallTransfer);
    if (this.endAfterTurn) await this.end(this.endAfterTurn);
  }

  /** transfer_to_agent: the other agent's prompt, tools and voice answer from now on; it greets if the rule says so. */
  private async handOver(rule: AgentTransferRule): Promise<void> {
    this.pendingTransfer = null;
    const next = await this.o.transfer?.(rule);
    if (!next) {
      this.o.send(
        serverEvents.error('transfer_failed', `The agent ${rule.agentId} could not take the call.`),
      );
      return;
    }
    if (rule.transferMessage) await this.speakTurn(rule.transferMessage);
    this.o.responder = next.responder;
    this.o.voice = next.voice;
    this.agentTransfers.push({
      agent_id: next.agentId,
      agent_name: next.agentName,
      time_in_call_secs: Math.round(this.elapsed()),
    });
    if (rule.speakFirstMessage && next.firstMessage) await this.speakTurn(next.firstMessage);
  }

  /** transfer_to_number: the line hands the call over (once the reply was played) and the conversation ends. */
  private async transferCall(rule: NumberTransferRule): Promise<void> {
    this.pendingCallTransfer = null;
    try {
      await this.o.transferCall!(rule);
    } catch (err) {
      this.o.log.warn({ err, destination: rule.destination }, 'call transfer failed');
      const message = `The call could not be transferred to ${rule.destination}.`;
      this.o.send(serverEvents.error('transfer_failed', message));
      return;
    }
    await this.end(`The call was transferred to ${rule.destination}.`);
  }

  private tools() {
    return {
      transferToAgent: (rule: AgentTransferRule) => (this.pendingTransfer = rule),
      ...(this.o.transferCall && {
        transferToNumber: (rule: NumberTransferRule) => (this.pendingCallTransfer = rule),
      }),
      clientTool: (name: string, parameters: unknown, expectsResponse: boolean) => {
        const id = `tool_${this.eventId}_${this.pendingTools.size}_${Date.now()}`;
        this.o.send(serverEvents.clientToolCall(name, id, parameters, expectsResponse));
        if (!expectsResponse)
          return Promise.resolve({ result: 'The client tool was called.', isError: false });
        return new Promise<{ result: string; isError: boolean }>((resolve) => {
          this.pendingTools.set(id, resolve);
          setTimeout(() => {
            if (this.pendingTools.delete(id))
              resolve({ result: 'The client did not answer in time.', isError: true });
          }, TOOL_TIMEOUT_MS);
        });
      },
      endCall: (reason: string) => (this.endAfterTurn = `The agent ended the call: ${reason}`),
      switchLanguage: (language: string) => {
        const code = language.trim().toLowerCase().split(/[-_]/)[0] ?? '';
        if (!/^[a-z]{2,3}$/.test(code)) return `${language} is not a language code.`;
        this.language = code;
        return `The conversation continues in ${code}.`;
      },
    };
  }

  /** Says a reply: sentence by sentence to audio as the text arrives, then the whole text. */
  private async speakTurn(
    text: string | AsyncIterable<string>,
    record: TurnRecord = { passages: [], toolCalls: [] },
    abort = new AbortController(),
  ): Promise<void> {
    const eventId = ++this.eventId;
    const entry: TranscriptEntry = {
      role: 'agent',
      message: '',
      time_in_call_secs: Math.round(this.elapsed()),
    };
    this.turn = { abort, entry };
    const splitter = new SentenceSplitter();
    let said = '';
    const source = typeof text === 'string' ? [text] : text;
    try {
      for await (const piece of source) {
        said += piece;
        for (const sentence of splitter.push(piece)) await this.say(sentence, eventId, abort.signal);
      }
      const rest = splitter.flush();
      if (rest) await this.say(rest, eventId, abort.signal);
    } catch (err) {
      if (!abort.signal.aborted) throw err;
    } finally {
      if (this.turn?.abort === abort) this.turn = null;
    }
    entry.message = said.trim();
    recordTools(entry, record, eventId);
    // A turn that only ran tools (skip_turn, transfer_to_agent) is recorded for its tool calls, but says nothing.
    if (!entry.message && !record.toolCalls.length) return;
    this.transcript.push(entry);
    if (!entry.message) return;
    this.lastAgent = entry;
    this.history.push({ role: 'agent', message: entry.message });
    if (!abort.signal.aborted) this.o.send(serverEvents.agentResponse(entry.message, eventId));
  }

  private async say(sentence: string, eventId: number, signal: AbortSignal): Promise<void> {
    if (!this.o.voice || signal.aborted) return;
    const { voices, plan, format, rate } = this.o.voice;
    const pcm = await voices.speak(plan, sentence, format);
    if (signal.aborted || this.ended) return;
    const step = Math.round(rate * CHUNK_SECONDS) * 2;
    for (let i = 0; i < pcm.length; i += step)
      this.o.send(serverEvents.audio(pcm.subarray(i, i + step), eventId));
    const seconds = pcm.length / 2 / rate;
    this.speakingUntil = Math.max(Date.now(), this.speakingUntil) + seconds * 1000;
    this.agentCursor = Math.max(this.agentCursor, this.userSamples);
    this.agentAudio.push({ at: this.agentCursor, pcm, eventId });
    this.agentCursor += Math.round(seconds * RATE);
    this.lastActivity = Date.now();
  }

  /** Ends the call once: stops timers and turns, builds the record, closes the socket. */
  async end(reason: string, closeSocket = true): Promise<void> {
    if (this.ended) return;
    this.ended = true;
    for (const t of this.timers) clearTimeout(t);
    this.turn?.abort.abort();
    for (const resolve of this.pendingTools.values()) resolve({ result: 'The call ended.', isError: true });
    this.pendingTools.clear();
    if (closeSocket) this.o.close(1000, reason.slice(0, 120));
    const durationSeconds = this.elapsed();
    const recording = await this.mix();
    await this.o.finish({
      transcript: this.transcript,
      durationSeconds,
      terminationReason: reason,
      recording,
      feedback: this.feedback,
      agentTransfers: this.agentTransfers,
    });
  }

  private mix(): Promise<Int16Array> {
    return mixRecording(this.userAudio, this.userSamples, this.agentAudio, this.cutAt, (pcm) =>
      this.o.toRecording(pcm, this.o.voice?.rate ?? RATE),
    );
  }
}
