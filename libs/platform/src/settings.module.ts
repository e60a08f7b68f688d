import { type DynamicModule, Global, Module } from '@nestjs/common';
import type { Settings } from './settings';

export const SETTINGS = Symbol('SETTINGS');

/** The validated settings, injected with @Inject(SETTINGS). */
@Global()
@Module({})
export class SettingsModule {
  static forRoot(settings: Settings): DynamicModule {
    return { module: SettingsModule, providers: [{ provide: SETTINGS, useValue: settings }], exports: [SETTINGS] };
  }
}
