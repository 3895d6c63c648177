import Dysmsapi, { SendSmsRequest } from '@alicloud/dysmsapi20170525';
import { $OpenApiUtil } from '@alicloud/openapi-core';
import { normalizePhone } from '@lantern/domain';
import type { SmsSender } from './outbox-senders.ts';

export interface AlibabaSmsSettings {
  accessKeyId: string;
  accessKeySecret: string;
  /** The approved signature (签名) every message is sent under. */
  signName: string;
  /** An approved notification template (模板) with one variable that takes the whole text. */
  templateCode: string;
  /** That variable's name in the template. */
  templateParam: string;
  /** Only for tests: the origin the SDK calls instead of dysmsapi.aliyuncs.com (a local stub). */
  endpoint?: string;
}

/** The SDK is CommonJS with a `default` export: Node's ESM loader hands over the whole exports object instead. */
const SmsClient = (Dysmsapi as unknown as { default?: typeof Dysmsapi }).default ?? Dysmsapi;

/** Longest one send may take: a stuck API must not hold an outbox claim (platform/outbox.ts). */
const TIMEOUT_MS = 15_000;

/**
 * Mainland SMS through Alibaba Cloud's official SDK (dysmsapi 2017-05-25, SendSms). Alibaba sends only
 * approved templates under an approved signature, so the text goes into the template's one variable
 * (docs/decisions/0051-metrics-and-operations.md "Real SMS"). An answer other than Code "OK" throws, so the
 * outbox retries the message; the text (which holds a code) is never logged.
 */
export class AlibabaSms implements SmsSender {
  private readonly client: InstanceType<typeof SmsClient>;

  constructor(private readonly settings: AlibabaSmsSettings) {
    const stub = settings.endpoint ? new URL(settings.endpoint) : null;
    this.client = new SmsClient(new $OpenApiUtil.Config({
      accessKeyId: settings.accessKeyId,
      accessKeySecret: settings.accessKeySecret,
      endpoint: stub ? stub.host : 'dysmsapi.aliyuncs.com',
      protocol: stub ? stub.protocol.replace(':', '') : 'https',
      regionId: 'cn-hangzhou',
      connectTimeout: TIMEOUT_MS,
      readTimeout: TIMEOUT_MS,
    }));
  }

  async send({ to, text }: { messageId: number; to: string; text: string }): Promise<void> {
    const answer = await this.client.sendSms(new SendSmsRequest({
      // Alibaba takes mainland numbers without the +86.
      phoneNumbers: normalizePhone(to, 'native'),
      signName: this.settings.signName,
      templateCode: this.settings.templateCode,
      templateParam: JSON.stringify({ [this.settings.templateParam]: text }),
    }));
    const body = answer.body;
    if (body?.code !== 'OK') throw new Error(`Alibaba Cloud SMS refused the message: ${body?.code ?? 'no answer'} (request ${body?.requestId ?? '?'})`);
  }
}
