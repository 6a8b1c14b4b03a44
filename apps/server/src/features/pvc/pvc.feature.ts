import { defineFeature } from '../feature';
import type { CustomVoicesService } from '../voices/custom-voices.service';
import { pvcSamplesRoutes } from './pvc-samples.routes';
import { PvcSamplesService } from './pvc-samples.service';
import { pvcTrainingJob } from './pvc-training.job';
import { pvcRoutes } from './pvc.routes';
import { PvcService } from './pvc.service';

/**
 * Professional voice cloning (decisions 084–086): professional voices are workspace voices of category
 * `professional`, built on the speech feature's custom voices (registered before it) for limits.
 */
export const pvcFeature = defineFeature({
  name: 'pvc',
  jobs: [pvcTrainingJob],
  async register(app, { db, files, usage, bus }, built) {
    const speech = built.speech as { customVoices: CustomVoicesService } | undefined;
    if (!speech) throw new Error('the professional cloning feature registers after the speech feature');
    const service = new PvcService(db, usage, speech.customVoices, bus, files);
    const samples = new PvcSamplesService(db, files, usage);
    await app.register(pvcRoutes(service));
    await app.register(pvcSamplesRoutes(samples));
    return { service, samples };
  },
});
