import { Inject, Injectable } from '@nestjs/common';
import type { AdminApplicationView } from '@rxbridge/contracts';
import { perTurnLoader, WritesUnderWay } from '@rxbridge/database';
import { NavigatorQueueService } from './queue.service';

/**
 * Reads the answers of navigators' moves together: an answer is nine reads, and under a burst of
 * moves those round trips took the database's time the next moves' commits waited for. A batch goes
 * out once no move of this process is under way (at most 20 ms after it formed), so a burst's
 * answers are a few statements and a lone move is answered at once (docs/architecture.md §15
 * Performance). Read after each commit, so each answer shows its move (or a later one).
 */
@Injectable()
export class MoveAnswers {
  private readonly writes = new WritesUnderWay();
  private readonly loader = perTurnLoader<string, AdminApplicationView>((ids) => this.queue.views(ids), {
    after: this.writes,
  });

  constructor(@Inject(NavigatorQueueService) private readonly queue: NavigatorQueueService) {}

  /** Runs a move; answers waiting to be read wait for it. */
  whileWriting<T>(write: () => Promise<T>): Promise<T> {
    return this.writes.around(write);
  }

  read(applicationId: string): Promise<AdminApplicationView> {
    return this.loader.load(applicationId);
  }
}
