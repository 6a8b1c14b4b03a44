import { defineFeature } from '../feature';
import { aiClassifierRoutes } from './ai-classifier.routes';
import { AiClassifierService } from './ai-classifier.service';

/** The AI speech classifier (decision 100): finds this installation's watermark in uploaded audio. */
export const aiClassifierFeature = defineFeature({
  name: 'aiClassifier',
  async register(app, { config }) {
    const service = new AiClassifierService(config.watermarkKey);
    await app.register(aiClassifierRoutes(service));
    return { service };
  },
});
