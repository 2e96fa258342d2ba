package io.axle.config.internal;

import io.axle.config.ConfigException;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.yaml.snakeyaml.LoaderOptions;
import org.yaml.snakeyaml.Yaml;
import org.yaml.snakeyaml.error.Mark;
import org.yaml.snakeyaml.error.MarkedYAMLException;
import org.yaml.snakeyaml.error.YAMLException;
import org.yaml.snakeyaml.nodes.MappingNode;
import org.yaml.snakeyaml.nodes.Node;
import org.yaml.snakeyaml.nodes.NodeTuple;
import org.yaml.snakeyaml.nodes.ScalarNode;
import org.yaml.snakeyaml.nodes.SequenceNode;
import org.yaml.snakeyaml.nodes.Tag;

/**
 * Reads YAML text into flat dotted keys.
 *
 * <p>Works on the node tree rather than constructed Java objects so that every scalar keeps exactly the
 * text that was written: {@code 010} stays {@code 010}, {@code 2024-01-01} is not turned into a Date and
 * {@code yes} is not silently turned into a boolean.
 */
public final class YamlReader {

  private final String sourceName;
  private final Map<String, ConfigValue> values = new LinkedHashMap<>();

  private YamlReader(String sourceName) {
    this.sourceName = sourceName;
  }

  /**
   * @param sourceName how messages name this text, e.g. "microservice.yaml (/app/microservice.yaml)"
   * @throws ConfigException on a syntax error, naming the source and the line
   */
  public static Map<String, ConfigValue> read(String yamlText, String sourceName) {
    Node root = compose(yamlText, sourceName);
    if (root == null) {
      return Map.of();
    }
    YamlReader reader = new YamlReader(sourceName);
    if (!(root instanceof MappingNode mapping)) {
      throw reader.error(root, "the top level must map keys to values");
    }
    reader.flattenMapping("", mapping);
    return reader.values;
  }

  private static Node compose(String yamlText, String sourceName) {
    try {
      return new Yaml(new LoaderOptions()).compose(new StringReader(yamlText));
    } catch (MarkedYAMLException e) {
      Mark mark = e.getProblemMark() != null ? e.getProblemMark() : e.getContextMark();
      String problem = e.getProblem() != null ? e.getProblem() : e.getContext();
      throw new ConfigException(sourceName + ": YAML syntax error" + at(mark) + ": " + problem, e);
    } catch (YAMLException e) {
      throw new ConfigException(sourceName + ": YAML syntax error: " + e.getMessage(), e);
    }
  }

  private void flattenMapping(String prefix, MappingNode mapping) {
    // Merged mappings (<<: *defaults) go first, so the mapping's own keys override them wherever written.
    for (NodeTuple tuple : mapping.getValue()) {
      if (isMergeKey(tuple.getKeyNode())) {
        flattenMerge(prefix, tuple.getValueNode());
      }
    }
    for (NodeTuple tuple : mapping.getValue()) {
      if (!isMergeKey(tuple.getKeyNode())) {
        flattenValue(join(prefix, keyText(tuple.getKeyNode())), tuple.getValueNode());
      }
    }
  }

  private void flattenMerge(String prefix, Node merged) {
    if (merged instanceof MappingNode mapping) {
      flattenMapping(prefix, mapping);
    } else if (merged instanceof SequenceNode sequence) {
      List<Node> mappings = sequence.getValue();
      for (int i = mappings.size() - 1; i >= 0; i--) { // YAML: the first merged mapping wins
        flattenMerge(prefix, mappings.get(i));
      }
    } else {
      throw error(merged, "<< must be followed by a mapping or a list of mappings");
    }
  }

  private void flattenValue(String key, Node node) {
    if (node instanceof ScalarNode scalar) {
      // An empty value is usually a section whose entries are all commented out: recording it as ""
      // would make "axle.highway" an unknown key, or override a lower source's real value with nothing.
      if (!Tag.NULL.equals(scalar.getTag())) {
        values.put(key, new ConfigValue(scalar.getValue(), sourceName));
      }
    } else if (node instanceof MappingNode mapping) {
      flattenMapping(key, mapping);
    } else if (node instanceof SequenceNode sequence) {
      flattenSequence(key, sequence);
    }
  }

  /** Scalar lists become comma lists; lists of structures get indexed keys (key[0].name) so nothing is lost. */
  private void flattenSequence(String key, SequenceNode sequence) {
    List<Node> items = sequence.getValue();
    if (items.stream().allMatch(ScalarNode.class::isInstance)) {
      List<String> texts = new ArrayList<>();
      for (Node item : items) {
        if (!Tag.NULL.equals(item.getTag())) {
          texts.add(((ScalarNode) item).getValue());
        }
      }
      values.put(key, new ConfigValue(String.join(",", texts), sourceName));
      return;
    }
    for (int i = 0; i < items.size(); i++) {
      flattenValue(key + "[" + i + "]", items.get(i));
    }
  }

  private String keyText(Node keyNode) {
    if (keyNode instanceof ScalarNode scalar && !scalar.getValue().isEmpty()) {
      return scalar.getValue();
    }
    throw error(keyNode, "keys must be plain text");
  }

  private static boolean isMergeKey(Node keyNode) {
    return Tag.MERGE.equals(keyNode.getTag());
  }

  private static String join(String prefix, String key) {
    return prefix.isEmpty() ? key : prefix + "." + key;
  }

  private ConfigException error(Node node, String problem) {
    return new ConfigException(sourceName + ": invalid configuration YAML" + at(node.getStartMark()) + ": " + problem);
  }

  private static String at(Mark mark) {
    return mark == null ? "" : " at line " + (mark.getLine() + 1) + ", column " + (mark.getColumn() + 1);
  }
}
