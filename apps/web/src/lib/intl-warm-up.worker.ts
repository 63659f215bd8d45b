import type { UiLanguage } from './format';
import { formatterWarmUps } from './formatter-warm-ups';

self.addEventListener('message', ({ data: language }: MessageEvent<UiLanguage>) => {
  for (const warmUp of formatterWarmUps(language)) warmUp();
  self.close();
});
