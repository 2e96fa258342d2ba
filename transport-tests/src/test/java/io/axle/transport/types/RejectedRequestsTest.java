package io.axle.transport.types;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.Axle;
import io.axle.Call;
import io.axle.InvocationListener;
import io.axle.Response;
import io.axle.Role;
import io.axle.Status;
import io.axle.testing.AxleExtension;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A request whose arguments do not read is a failed call of its operation: listeners (and so the
 * metrics) count it with its status, and the provider logs it — not a silent 400.
 */
class RejectedRequestsTest {
  @RegisterExtension
  final AxleExtension runtimes = new AxleExtension();

  @Test
  void anUnreadableRequest_isCountedAsAFailedCall_andLogged() throws Exception {
    List<String> ended = new CopyOnWriteArrayList<>();
    InvocationListener listener = new InvocationListener() {
      @Override
      public void onEnd(Call invocation, Response response) {
        if (invocation.role() == Role.PROVIDER) {
          ended.add(invocation.operation().qualifiedName() + " " + invocation.transport() + " " + response.status());
        }
      }
    };
    PrintStream original = System.err;
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    HttpResponse<String> answer;
    System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
    try (Axle provider = ContractServers.provider(runtimes, builder -> builder.listener(listener)
        .provider("TypesApi", TypesApi.class, new TypesImpl()));
        HttpClient http = HttpClient.newHttpClient()) {
      String base = ContractServers.restBase(provider);
      answer = http.send(HttpRequest.newBuilder(URI.create(base + "/TypesApi/level"))
          .header("content-type", "application/json").POST(HttpRequest.BodyPublishers.ofString("{\"level\":\"EXTREME\"}"))
          .build(), HttpResponse.BodyHandlers.ofString());
    } finally {
      System.setErr(original);
    }

    assertThat(answer.statusCode()).isEqualTo(400);
    assertThat(ended).containsExactly("TypesApi.level rest " + Status.BAD_REQUEST);
    assertThat(captured.toString(StandardCharsets.UTF_8)).contains("TypesApi.level from rest://127.0.0.1:")
        .contains("over rest: BAD_REQUEST TypesApi.level: body field level: \"EXTREME\"");
  }
}
