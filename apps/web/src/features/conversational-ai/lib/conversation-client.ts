/**
 * The browser side of a conversation: the microphone at 16 kHz as `user_audio_chunk` messages, the agent's
 * PCM played in order, interruptions honoured (the protocol @elevenlabs/client speaks, decision 153).
 */
export type ConversationEvent =
  | { kind: 'status'; status: 'connecting' | 'connected' | 'ended'; reason?: string }
  | { kind: 'message'; role: 'user' | 'agent'; text: string }
  | { kind: 'mode'; speaking: boolean }
  | { kind: 'error'; message: string };

const toBase64 = (bytes: Uint8Array) => {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
};

/**
 * Opens the conversation. With `microphone: false` (text only: no microphone, or the user chose to type) the
 * user speaks through `sendText`; the agent is still heard.
 */
export async function startConversation(
  signedUrl: string,
  onEvent: (e: ConversationEvent) => void,
  options: { microphone?: boolean } = {},
) {
  onEvent({ kind: 'status', status: 'connecting' });
  const media =
    options.microphone === false
      ? null
      : await navigator.mediaDevices.getUserMedia({
          audio: { echoCancellation: true, noiseSuppression: true },
        });
  const context = new AudioContext({ sampleRate: 16000 });
  const socket = new WebSocket(signedUrl, ['convai']);
  let outputRate = 16000;
  let playAt = 0;
  let lastInterrupt = 0;
  const playing = new Set<AudioBufferSourceNode>();

  const source = media && context.createMediaStreamSource(media);
  // ScriptProcessor keeps this in one file (no worklet module to serve); 4096 frames = 256 ms at 16 kHz.
  const processor = context.createScriptProcessor(4096, 1, 1);
  processor.onaudioprocess = (e) => {
    if (!source) return;
    if (socket.readyState !== WebSocket.OPEN) return;
    const input = e.inputBuffer.getChannelData(0);
    const pcm = new Int16Array(input.length);
    for (let i = 0; i < input.length; i++) pcm[i] = Math.max(-1, Math.min(1, input[i]!)) * 0x7fff;
    socket.send(JSON.stringify({ user_audio_chunk: toBase64(new Uint8Array(pcm.buffer)) }));
  };
  if (source) {
    source.connect(processor);
    processor.connect(context.destination);
  }

  const play = (b64: string) => {
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const pcm = new Int16Array(bytes.buffer, 0, bytes.length >> 1);
    const buffer = context.createBuffer(1, pcm.length, outputRate);
    const channel = buffer.getChannelData(0);
    for (let i = 0; i < pcm.length; i++) channel[i] = pcm[i]! / 0x8000;
    const node = context.createBufferSource();
    node.buffer = buffer;
    node.connect(context.destination);
    playAt = Math.max(playAt, context.currentTime);
    node.start(playAt);
    playAt += buffer.duration;
    playing.add(node);
    onEvent({ kind: 'mode', speaking: true });
    node.onended = () => {
      playing.delete(node);
      if (!playing.size) onEvent({ kind: 'mode', speaking: false });
    };
  };

  socket.onopen = () => socket.send(JSON.stringify({ type: 'conversation_initiation_client_data' }));
  socket.onmessage = (m) => {
    const e = JSON.parse(String(m.data)) as Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    switch (e.type) {
      case 'conversation_initiation_metadata':
        outputRate =
          Number(String(e.conversation_initiation_metadata_event.agent_output_audio_format).split('_')[1]) ||
          16000;
        onEvent({ kind: 'status', status: 'connected' });
        break;
      case 'user_transcript':
        onEvent({ kind: 'message', role: 'user', text: e.user_transcription_event.user_transcript });
        break;
      case 'agent_response':
        onEvent({ kind: 'message', role: 'agent', text: e.agent_response_event.agent_response });
        break;
      case 'audio':
        if (e.audio_event.event_id >= lastInterrupt) play(e.audio_event.audio_base_64);
        break;
      case 'interruption':
        lastInterrupt = e.interruption_event.event_id + 1;
        for (const node of playing) node.stop();
        playAt = 0;
        break;
      case 'ping':
        socket.send(JSON.stringify({ type: 'pong', event_id: e.ping_event.event_id }));
        break;
      case 'client_tool_call':
        socket.send(
          JSON.stringify({
            type: 'client_tool_result',
            tool_call_id: e.client_tool_call.tool_call_id,
            result: `This page has no tool named ${e.client_tool_call.tool_name}.`,
            is_error: true,
          }),
        );
        break;
      case 'error':
        onEvent({ kind: 'error', message: e.error_event.message });
        break;
    }
  };
  const stopAudio = () => {
    processor.disconnect();
    source?.disconnect();
    media?.getTracks().forEach((t) => t.stop());
    void context.close();
  };
  socket.onclose = (e) => {
    stopAudio();
    onEvent({ kind: 'status', status: 'ended', reason: e.reason });
  };
  return {
    sendText: (text: string) => socket.send(JSON.stringify({ type: 'user_message', text })),
    end: () => socket.close(1000, 'User ended conversation'),
  };
}
