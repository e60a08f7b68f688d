import { useEffect } from 'react';
import { useRuntimeConfig } from '@/lib/runtime-config';

/** Loads the third-party live chat script named by the runtime setting; without one, nothing loads. */
export function ChatWidget() {
  const { chatWidgetSrc } = useRuntimeConfig();
  useEffect(() => {
    if (!chatWidgetSrc || document.querySelector('script[data-chat-widget]')) return;
    const script = document.createElement('script');
    script.src = chatWidgetSrc;
    script.async = true;
    script.dataset.chatWidget = 'true';
    document.body.appendChild(script);
  }, [chatWidgetSrc]);
  return null;
}
