package io.axle.internal;

import io.axle.Call;
import io.axle.InvocationListener;
import io.axle.Response;
import io.axle.Stage;
import java.util.List;

/** The listeners of a runtime as one, built once at start-up. */
final class Listeners {
  private Listeners() {
  }

  static InvocationListener of(List<InvocationListener> listeners) {
    if (listeners.isEmpty()) {
      return InvocationListener.NONE;
    }
    if (listeners.size() == 1) {
      return listeners.get(0);
    }
    InvocationListener[] all = listeners.toArray(InvocationListener[]::new);
    return new InvocationListener() {
      @Override
      public void onStage(Call invocation, Stage stage) {
        for (InvocationListener listener : all) {
          listener.onStage(invocation, stage);
        }
      }

      @Override
      public void onEnd(Call invocation, Response response) {
        for (InvocationListener listener : all) {
          listener.onEnd(invocation, response);
        }
      }
    };
  }
}
