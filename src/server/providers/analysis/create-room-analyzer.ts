import { createLocalRoomAnalyzer } from './local-room-analyzer'
import { createOpenAiRoomAnalyzer } from './openai-room-analyzer'
import type { RoomAnalyzer } from './room-analyzer'

export type RoomAnalyzerName = 'local' | 'openai'

export type RoomAnalyzerConfig = {
  /** ROOM_ANALYZER: 'local' (default, on-machine) or 'openai' (an OpenAI-compatible vision model). */
  analyzer: RoomAnalyzerName
  /** OPENAI_API_KEY, OPENAI_BASE_URL, OPENAI_MODEL: required when analyzer is 'openai'. */
  openai?: { apiKey: string; baseUrl: string; model: string }
}

/** The one place that chooses the room analyzer. */
export function createRoomAnalyzer(config: RoomAnalyzerConfig): RoomAnalyzer {
  switch (config.analyzer) {
    case 'openai':
      if (!config.openai?.apiKey) throw new Error('ROOM_ANALYZER=openai needs OPENAI_API_KEY (and OPENAI_BASE_URL, OPENAI_MODEL)')
      return createOpenAiRoomAnalyzer(config.openai)
    case 'local':
      return createLocalRoomAnalyzer()
  }
}
