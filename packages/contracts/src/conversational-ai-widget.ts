/** The embeddable widget's settings (conversationalAi.agents.widget.get, decision 230). */
import { z } from 'zod';

const avatar = z.union([
  z.object({ type: z.literal('orb'), color_1: z.string(), color_2: z.string() }),
  z.object({ type: z.literal('url'), custom_url: z.string() }),
  z.object({ type: z.literal('image'), url: z.string() }),
]);

export const widgetConfigResponse = z.object({
  agent_id: z.string(),
  widget_config: z.looseObject({
    variant: z.string(),
    placement: z.string(),
    avatar,
    bg_color: z.string(),
    text_color: z.string(),
    btn_color: z.string(),
    btn_text_color: z.string(),
    border_color: z.string(),
    focus_color: z.string(),
    border_radius: z.number(),
    btn_radius: z.number(),
    action_text: z.string(),
    start_call_text: z.string(),
    end_call_text: z.string(),
    expand_text: z.string(),
    listening_text: z.string(),
    speaking_text: z.string(),
    transcript_enabled: z.boolean(),
    text_input_enabled: z.boolean(),
    mic_muting_enabled: z.boolean(),
    show_avatar_when_collapsed: z.boolean(),
    disable_banner: z.boolean(),
    language: z.string(),
    text_only: z.boolean(),
    supports_text_only: z.boolean(),
    first_message: z.string(),
  }),
});
export type WidgetConfigResponse = z.infer<typeof widgetConfigResponse>;

export const widgetConfigQuery = z.object({ conversation_signature: z.string().max(400).optional() });
