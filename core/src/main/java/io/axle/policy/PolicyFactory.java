package io.axle.policy;

import io.axle.Filter;
import java.util.List;

/**
 * Makes the policies of one operation from configuration. Found with
 * {@link java.util.ServiceLoader} ({@code META-INF/services/io.axle.policy.PolicyFactory}); called
 * once per operation when a reference is made or a provider is served, never per call. An
 * operation whose configuration asks for nothing gets empty lists, and so costs nothing. The keys
 * a factory reads are declared as every module's are, by an {@link io.axle.config.ConfigKeyProvider}.
 *
 * <p>A configuration that cannot work throws {@link io.axle.config.ConfigException} (or an
 * {@link IllegalArgumentException}) naming the key, the value and what is expected; start-up fails
 * with it.
 */
public interface PolicyFactory {
  /**
   * Consumer links for one operation of a reference, outermost first. They run after the user's
   * filters and before the retry link and the endpoint selection, so that a retry is admitted by
   * them once, as one call.
   */
  default List<Filter> consumerPolicies(OperationScope scope) {
    return List.of();
  }

  /**
   * Consumer links for one operation that run after the endpoint selection, before the transport: once
   * per attempt, with {@link io.axle.Call#endpoint()} set to the instance picked. A link that refuses an
   * attempt with {@link io.axle.AxleException#notRun} (and sends nothing) makes the selection send the
   * call to another instance, at no cost to the retry budget.
   */
  default List<Filter> attemptPolicies(OperationScope scope) {
    return List.of();
  }

  /**
   * The states of the policies this factory made that are worth showing now (a breaker that is not
   * closed, an adaptive limit's current limit), for the metrics windows. Called once a window, from
   * the metrics thread; must be quick and thread-safe.
   */
  default List<PolicyState> states() {
    return List.of();
  }

  /**
   * The runtime assembles every chain again for a configuration change, which may yet be refused: until {@link
   * #changeEnded}, what this factory makes belongs to that change only. A factory that reuses policies across
   * assemblies (keeping a breaker's window while its settings stay) keeps what it makes now apart from what is in
   * force. Called under the runtime's wiring lock, so no other assembly interleaves; never for a start.
   */
  default void changeStarted() {
  }

  /**
   * The change {@link #changeStarted} began is in force for new calls ({@code applied}), or was refused and
   * nothing it made will ever run ({@code !applied}): the policies the change made take the place of those they
   * replace, or are dropped.
   */
  default void changeEnded(boolean applied) {
  }

  /** Provider admission checks for one served operation, in the order they are asked. */
  default List<Admission> providerAdmissions(OperationScope scope) {
    return List.of();
  }
}
